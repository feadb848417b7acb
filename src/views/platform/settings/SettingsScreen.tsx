import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '../../../i18n/languages.ts';
import { htmlLangOf } from '../../../i18n/languages.ts';
import { usePasskeys } from '../../../services/wallet/protectionQueries.ts';
import { useTwoFactorStatus } from '../../../services/auth/twoFactorQueries.ts';
import { useSession } from '../app/hooks.ts';
import { ChevronIcon } from '../components/Icons.tsx';
import { LoginPrompt } from '../components/LoginPrompt.tsx';
import headings from '../components/headings.module.css';
import { ModeSwitch } from '../shell/ModeSwitch.tsx';
import { useLanguagePicker } from '../shell/useChrome.ts';
import screens from '../styles/screens.module.css';
import surfaces from '../styles/surfaces.module.css';
import styles from './settings.module.css';

/**
 * Settings (/profile/settings): the language (the top bar's language actor: choosing here is
 * choosing there), the book (the session's demo/real switch, as in the profile and the top bars),
 * what the platform writes to the user, and the state of the account's security with the way to
 * /profile/security. Nothing here is stored apart: every choice is one the app already keeps
 * (docs/frontend.md, "Settings").
 */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  return (
    <div className={screens.stack} data-testid="settings">
      <h1 className={headings.pageTitle}>{t('settings.title')}</h1>
      <LanguageSection />
      <BookSection />
      {loggedIn ? (
        <SecuritySection />
      ) : (
        <section className={screens.card} aria-labelledby="set-security">
          <h2 id="set-security" className={styles.heading}>
            {t('protection.title')}
          </h2>
          <LoginPrompt />
        </section>
      )}
      <NotificationsSection signedIn={loggedIn} />
    </div>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  const lang = useLanguagePicker();
  return (
    <section className={screens.card} aria-labelledby="set-language" data-testid="settings-language">
      <h2 id="set-language" className={styles.heading}>
        {t('nav.language')}
      </h2>
      <p className={screens.note}>{t('settings.languageHint')}</p>
      <ul className={styles.languages} aria-labelledby="set-language">
        {LANGUAGES.map((l) => (
          <li key={l}>
            <button
              type="button"
              aria-pressed={lang.current === l}
              disabled={lang.busy}
              lang={htmlLangOf(l)}
              translate="no"
              data-lang={l}
              onClick={() => lang.current !== l && lang.send({ type: 'language.choose', language: l })}
            >
              {LANGUAGE_NAMES[l]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookSection() {
  const { t } = useTranslation();
  const { demo } = useSession();
  return (
    <section className={screens.card} aria-labelledby="set-book" data-testid="settings-book">
      <h2 id="set-book" className={styles.heading}>
        {t('session.mode')}
      </h2>
      <p className={screens.note}>{t(demo ? 'settings.bookDemo' : 'settings.bookReal')}</p>
      <div className={`${surfaces.darkFrame} ${styles.switch}`}>
        <ModeSwitch />
      </div>
    </section>
  );
}

/** Two-factor sign-in on or off and the number of passkeys, read from the same queries as the security screen. */
function SecuritySection() {
  const { t } = useTranslation();
  const twoFactor = useTwoFactorStatus();
  const passkeys = usePasskeys();
  const on = twoFactor.data?.enabled;
  return (
    <section className={screens.card} aria-labelledby="set-security" data-testid="settings-security">
      <h2 id="set-security" className={styles.heading}>
        {t('protection.title')}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('twoFactor.title')}</dt>
          <dd data-testid="settings-two-factor" data-on={on === undefined ? '' : String(on)}>
            {on === undefined ? '—' : t(on ? 'settings.on' : 'settings.off')}
          </dd>
        </div>
        <div>
          <dt>{t('protection.passkeys.title')}</dt>
          <dd className="num" data-testid="settings-passkeys">
            {passkeys.data ? passkeys.data.rows.length : '—'}
          </dd>
        </div>
      </dl>
      <Link href="/profile/security" className={styles.more} data-testid="settings-security-link">
        <span>{t('settings.openSecurity')}</span>
        <ChevronIcon width={18} height={18} />
      </Link>
    </section>
  );
}

/** What the platform writes to the user: there is nothing to switch here yet, so this says what is sent and links the list. */
function NotificationsSection({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={screens.card} aria-labelledby="set-notify" data-testid="settings-notifications">
      <h2 id="set-notify" className={styles.heading}>
        {t('account.notifications')}
      </h2>
      <p className={screens.note}>{t('settings.mailHint')}</p>
      {signedIn && (
        <Link href="/profile/notification" className={styles.more}>
          <span>{t('settings.openNotifications')}</span>
          <ChevronIcon width={18} height={18} />
        </Link>
      )}
    </section>
  );
}
