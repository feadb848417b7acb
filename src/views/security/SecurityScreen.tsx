import { useTranslation } from 'react-i18next';
import { useSession } from '../app/hooks.ts';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import headings from '../components/headings.module.css';
import screens from '../screens/screens.module.css';
import { AllowlistPanel } from './AllowlistPanel.tsx';
import { LimitsPanel } from './LimitsPanel.tsx';
import { PasskeysPanel } from './PasskeysPanel.tsx';

/** The account's protection: passkeys, the withdrawal address allowlist and the withdrawal limits (docs/security.md). */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <section className={screens.card}><h1 className={headings.pageTitle}>{t('protection.title')}</h1><LoginPrompt /></section>;
  return (
    <div className={screens.stack} data-testid="security">
      <h1 className={headings.pageTitle}>{t('protection.title')}</h1>
      <PasskeysPanel />
      <AllowlistPanel />
      <LimitsPanel />
    </div>
  );
}
