import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import headings from '../components/headings.module.css';
import styles from '../screens/screens.module.css';
import { AntiPhishingSection } from './AntiPhishingSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** Account security (/profile/security): two-factor sign-in and the anti-phishing phrase. */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <section className={styles.card}><h1 className={headings.pageTitle}>{t('twoFactor.screenTitle')}</h1><LoginPrompt /></section>;
  return (
    <div className={styles.stack}>
      <h1 className={headings.pageTitle}>{t('twoFactor.screenTitle')}</h1>
      <TwoFactorSection />
      <AntiPhishingSection />
    </div>
  );
}
