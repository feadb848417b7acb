import { useTranslation } from 'react-i18next';
import { useSession } from '../platform/app/hooks.ts';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import headings from '../platform/components/headings.module.css';
import screens from '../platform/styles/screens.module.css';
import { AllowlistPanel } from '../wallet/AllowlistPanel.tsx';
import { AntiPhishingSection } from './AntiPhishingSection.tsx';
import { ApiKeysPanel } from './ApiKeysPanel.tsx';
import { LimitsPanel } from '../wallet/LimitsPanel.tsx';
import { PasskeysPanel } from './PasskeysPanel.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';

/** The settings screen travels in this screen's chunk (views/App.tsx says why). */
export { default as SettingsScreen } from '../platform/settings/SettingsScreen.tsx';

/**
 * Account security (/profile/security, docs/security.md): two-factor sign-in, passkeys, the
 * anti-phishing phrase, the withdrawal address allowlist, the withdrawal limits and the API keys.
 */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  if (!loggedIn) return <SignedOutScreen className={screens.card} title={t('protection.title')} />;
  return (
    <div className={screens.stack} data-testid="security">
      <h1 className={headings.pageTitle}>{t('protection.title')}</h1>
      <TwoFactorSection />
      <PasskeysPanel />
      <AntiPhishingSection />
      <AllowlistPanel />
      <LimitsPanel />
      <ApiKeysPanel />
    </div>
  );
}
