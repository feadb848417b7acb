import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../services/authApi.ts';
import { navigate } from '../../services/navigation.ts';
import type { LoginResult } from '../../services/types.ts';
import { useAction, useSession } from '../app/hooks.ts';
import { PasswordField } from '../components/AuthFields.tsx';
import styles from './screens.module.css';

export default function Login() {
  const { t } = useTranslation();
  const { send } = useSession();
  const [v, setV] = useState({ account: '', password: '' });
  const login = useAction(
    async (values, signal) => {
      if (!values.account.trim()) throw new Error(t('auth.errors.usernameRequired'));
      if (!values.password) throw new Error(t('auth.errors.passwordRequired'));
      return authApi.login({ account: values.account.trim(), password: values.password }, signal);
    },
    (result: LoginResult) => {
      send({ type: 'session.loggedIn', result });
      navigate('/');
    },
  );
  const google = useAction((_, signal) => authApi.googleAuthUrl(signal), (r) => location.assign(r.url));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.submit(v);
  };
  const set = (k: keyof typeof v) => (value: string) => {
    setV({ ...v, [k]: value });
    login.edit();
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="login-title" data-testid="login-form">
      <h1 id="login-title">{t('auth.loginTitle')}</h1>
      <label className={styles.field}>
        <span>{t('auth.account')}</span>
        <input name="account" autoComplete="username" maxLength={254} value={v.account} onChange={(e) => set('account')(e.target.value)} required data-testid="account" />
      </label>
      <PasswordField label={t('auth.password')} name="password" value={v.password} onChange={set('password')} autoComplete="current-password" />
      {login.error && <p className={styles.formError} role="alert" data-testid="form-error">{login.error}</p>}
      <button type="submit" className={styles.submit} disabled={login.busy} data-testid="submit">{t('auth.submitLogin')}</button>
      <button type="button" className={`${styles.submit}`} style={{ background: 'var(--paper)', color: 'var(--ink)', border: '1px solid var(--line)' }} disabled={google.busy} onClick={() => google.submit({})}>
        {t('auth.google')}
      </button>
      {google.error && <p className={styles.formError} role="alert">{google.error}</p>}
      <div className={styles.alt}>
        <Link href="/pass/reset">{t('auth.forgot')}</Link>
        <span>{t('auth.noAccount')} <Link href="/pass/register">{t('nav.signup')}</Link></span>
      </div>
    </form>
  );
}
