import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import headings from '../components/headings.module.css';
import screens from '../screens/screens.module.css';
import { AllowlistPanel } from './AllowlistPanel.tsx';
import { AntiPhishingSection } from './AntiPhishingSection.tsx';
import { LimitsPanel } from './LimitsPanel.tsx';
import { PasskeysPanel } from './PasskeysPanel.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** The settings screen travels in this screen's chunk (views/App.tsx says why). */
export { default as SettingsScreen } from '../settings/SettingsScreen.tsx';

/**
 * Account security (/profile/security, docs/security.md): two-factor sign-in, passkeys, the
 * anti-phishing phrase, the withdrawal address allowlist and the withdrawal limits.
 */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn)
    return (
      <section className={screens.card}>
        <h1 className={headings.pageTitle}>{t('protection.title')}</h1>
        <LoginPrompt />
      </section>
    );
  return (
    <div className={screens.stack} data-testid="security">
      <h1 className={headings.pageTitle}>{t('protection.title')}</h1>
      <TwoFactorSection />
      <PasskeysPanel />
      <AntiPhishingSection />
      <AllowlistPanel />
      <LimitsPanel />
    </div>
  );
}
