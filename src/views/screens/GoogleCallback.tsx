import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../services/authApi.ts';
import { navigate } from '../../services/navigation.ts';
import type { LoginResult } from '../../services/types.ts';
import { useAction, useSession } from '../app/hooks.ts';
import styles from './screens.module.css';

/** The provider sends the browser here with code and state; we post them to loginByGoogle. */
export default function GoogleCallback() {
  const { t } = useTranslation();
  const { send } = useSession();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const login = useAction(
    (v, signal) => {
      if (!v.code || !v.state) throw new Error(t('auth.googleFailed'));
      return authApi.loginByGoogle({ code: v.code.slice(0, 2048), state: v.state.slice(0, 256) }, signal);
    },
    (result: LoginResult) => {
      send({ type: 'session.loggedIn', result });
      navigate('/', true);
    },
  );
  useEffect(() => {
    login.submit({ code, state });
    // once per visit
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={styles.form} data-testid="google-callback" style={{ marginBlockStart: '20vh' }}>
      {login.error ? (
        <>
          <p className={styles.formError} role="alert">{login.error}</p>
          <Link href="/pass/login">{t('nav.login')}</Link>
        </>
      ) : (
        <p aria-busy="true">{t('auth.googleWorking')}</p>
      )}
    </div>
  );
}
