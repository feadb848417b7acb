import { useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { submissionView } from '../../machines/platform/submission.ts';
import { googleStartFlow, signInFlow } from '../../services/auth/flows.ts';
import { passkeySignInFlow } from '../../services/wallet/index.ts';
import { useGoogleSignIn } from '../../services/content/index.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { useSession } from '../platform/app/hooks.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { FormRefusal, PasswordField } from '../platform/components/AuthFields.tsx';
import auth from './auth.module.css';
import styles from '../platform/styles/screens.module.css';
import { isChallenge } from '../../contract/twoFactorRules.ts';
import { TwoFactorLogin } from './TwoFactorLogin.tsx';

/**
 * Where to go once signed in: `?next=` when a page sent the visitor here (the operator console),
 * only a path of this app (never another site, never back to a sign-in page), else home.
 */
function nextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?![/\\])/.test(next) && !next.startsWith('/pass/') ? next : null;
}

/** Sign-in: the signIn flow (account and password) and the googleStart flow (the Google button). */
export default function Login() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const text = useRefusalText();
  const next = nextPath(useSearch());
  const to = next ?? '/';
  const [v, setV] = useState({ account: '', password: '' });
  const [login, send] = useFlow(() => signInFlow(session, to), submissionView);
  const [google, sendGoogle] = useFlow(googleStartFlow, submissionView);
  const [passkey, sendPasskey] = useFlow(() => passkeySignInFlow(session, to), submissionView);
  const googleOn = useGoogleSignIn();
  const { loggedIn } = useSession();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'signIn.submit', values: v });
  };
  const set = (k: keyof typeof v) => (value: string) => {
    setV({ ...v, [k]: value });
    send({ type: 'signIn.edit' });
  };
  // a signed-in user has nothing to do here: home (or the page that asked), where signing in leads too
  if (loggedIn) return <Redirect to={to} replace />;
  // two-factor on: the password was right, the code step opens the session (starting over reloads the form)
  if (login.result && isChallenge(login.result))
    return <TwoFactorLogin challenge={login.result.challenge} onRestart={() => location.reload()} next={to} />;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="login-title" data-testid="login-form">
      <h1 id="login-title">{t('auth.loginTitle')}</h1>
      {/* sent here by a page that needs a session: say which, and that it opens again afterwards */}
      {next && (
        <p className={auth.reason} data-testid="login-reason">
          {t(next.startsWith('/admin') ? 'auth.nextOperator' : 'auth.nextPage')}
        </p>
      )}
      <label className={styles.field}>
        <span>{t('auth.account')}</span>
        <input
          name="account"
          autoComplete="username"
          maxLength={254}
          value={v.account}
          onChange={(e) => set('account')(e.target.value)}
          required
          data-testid="account"
        />
      </label>
      <PasswordField
        label={t('auth.password')}
        name="password"
        value={v.password}
        onChange={set('password')}
        autoComplete="current-password"
      />
      <FormRefusal refusal={login.refusal} />
      <button type="submit" className={styles.submit} disabled={login.busy || login.result !== null} data-testid="submit">
        {t('auth.submitLogin')}
      </button>
      {/* only when the service has Google sign-in configured: otherwise the button could only fail */}
      {googleOn && (
        <button
          type="button"
          className={`${styles.submit} ${auth.secondaryButton}`}
          disabled={google.busy || google.result !== null}
          onClick={() => sendGoogle({ type: 'googleStart.submit', values: {} })}
        >
          {t('auth.google')}
        </button>
      )}
      {google.refusal && (
        <p className={styles.formError} role="alert">
          {text(google.refusal)}
        </p>
      )}
      {/* no name, no password: the authenticator offers the passkeys it holds for this site */}
      <button
        type="button"
        className={`${styles.submit} ${auth.secondaryButton}`}
        disabled={passkey.busy || passkey.result !== null}
        onClick={() => sendPasskey({ type: 'passkeySignIn.submit', values: {} })}
        data-testid="passkey-login"
      >
        {t('protection.passkeys.signIn')}
      </button>
      <FormRefusal refusal={passkey.refusal} testId="passkey-login-error" />
      <div className={styles.alt}>
        <Link href="/pass/reset">{t('auth.forgot')}</Link>
        <span>
          {t('auth.noAccount')} <Link href="/pass/register">{t('nav.signup')}</Link>
        </span>
      </div>
    </form>
  );
}
