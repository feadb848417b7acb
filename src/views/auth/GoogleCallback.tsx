import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { submissionView } from '../../machines/platform/submission.ts';
import { googleCallbackFlow } from '../../services/auth/flows.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import auth from './auth.module.css';
import styles from '../platform/styles/screens.module.css';
import { isChallenge } from '../../contract/twoFactorRules.ts';
import { TwoFactorLogin } from './TwoFactorLogin.tsx';

/** The provider sends the browser here with code and state; the googleCallback flow posts them once. */
export default function GoogleCallback() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const text = useRefusalText();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const [login, send] = useFlow(() => googleCallbackFlow(session), submissionView);
  useEffect(() => {
    // a second submit (StrictMode's second effect) finds the flow busy and is ignored
    send({ type: 'googleCallback.submit', values: { code, state } });
  }, [send, code, state]);
  // two-factor on: the provider vouched for the account, the code step opens the session
  if (login.result && isChallenge(login.result))
    return <TwoFactorLogin challenge={login.result.challenge} onRestart={() => location.assign('/pass/login')} />;
  return (
    <div className={`${styles.form} ${auth.waiting}`} data-testid="google-callback">
      {login.refusal ? (
        <>
          <p className={styles.formError} role="alert">
            {text(login.refusal)}
          </p>
          <Link href="/pass/login">{t('nav.login')}</Link>
        </>
      ) : (
        <p aria-busy="true">{t('auth.googleWorking')}</p>
      )}
    </div>
  );
}
