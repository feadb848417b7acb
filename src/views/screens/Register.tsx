import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { EMAIL_RE, PASSWORD_MAX, PASSWORD_MIN, USERNAME_RE, passwordStrongEnough } from '../../contract/auth.ts';
import { authApi } from '../../services/authApi.ts';
import { navigate } from '../../services/navigation.ts';
import type { LoginResult } from '../../services/types.ts';
import { useAction, useSession } from '../app/hooks.ts';
import { CodeField, PasswordField, TargetFields, targetOf, type Channel } from '../components/AuthFields.tsx';
import styles from './screens.module.css';

export default function Register() {
  const { t } = useTranslation();
  const { send } = useSession();
  const [params] = useSearchParams();
  const invite = (params.get('invite') ?? params.get('code') ?? '').slice(0, 32);
  const [channel, setChannel] = useState<Channel>('email');
  const [v, setV] = useState<Record<string, string>>({ username: '', email: '', phone: '', areaCode: '+1', code: '', password: '', confirmPassword: '', inviteCode: invite });
  const register = useAction(
    async (values, signal) => {
      if (!USERNAME_RE.test(values.username)) throw new Error(t('auth.errors.usernameInvalid'));
      if (channel === 'email' && !EMAIL_RE.test(values.email.trim())) throw new Error(t('auth.errors.emailInvalid'));
      if (channel === 'phone' && !values.phone.trim()) throw new Error(t('auth.errors.phoneRequired'));
      if (!values.code.trim()) throw new Error(t('auth.errors.codeRequired'));
      if (!passwordStrongEnough(values.password)) throw new Error(t('auth.errors.passwordWeak'));
      if (values.password !== values.confirmPassword) throw new Error(t('auth.errors.passwordsDiffer'));
      return authApi.register(
        {
          username: values.username,
          password: values.password,
          confirmPassword: values.confirmPassword,
          code: values.code.trim(),
          ...targetOf(channel, values),
          ...(values.inviteCode.trim() ? { inviteCode: values.inviteCode.trim() } : {}),
        },
        signal,
      );
    },
    (result: LoginResult) => {
      send({ type: 'session.loggedIn', result });
      navigate('/');
    },
  );
  const set = (k: string) => (value: string) => {
    setV((prev) => ({ ...prev, [k]: value }));
    register.edit();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    register.submit(v);
  };
  const p = v.password;
  const rules = [
    ['auth.ruleLength', p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX],
    ['auth.ruleLetter', /[A-Za-z]/.test(p)],
    ['auth.ruleDigit', /[0-9]/.test(p)],
    ['auth.ruleMatch', p.length > 0 && p === v.confirmPassword],
  ] as const;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reg-title" data-testid="register-form">
      <h1 id="reg-title">{t('auth.registerTitle')}</h1>
      <label className={styles.field}>
        <span>{t('auth.username')}</span>
        <input name="username" autoComplete="username" maxLength={20} value={v.username} onChange={(e) => set('username')(e.target.value)} aria-describedby="username-rule" required data-testid="username" />
        <small id="username-rule" className={styles.muted}>{t('auth.usernameRule')}</small>
      </label>
      <TargetFields channel={channel} setChannel={setChannel} values={v} set={(k, value) => set(k)(value)} />
      <CodeField purpose="register" target={targetOf(channel, v)} value={v.code} onChange={set('code')} />
      <PasswordField label={t('auth.password')} name="password" value={v.password} onChange={set('password')} autoComplete="new-password" />
      <PasswordField label={t('auth.confirmPassword')} name="confirmPassword" value={v.confirmPassword} onChange={set('confirmPassword')} autoComplete="new-password" />
      <ul className={styles.rules} aria-label={t('auth.rules')}>
        {rules.map(([key, ok]) => (
          <li key={key} data-ok={ok}>{ok ? '✓' : '○'} {t(key)}</li>
        ))}
      </ul>
      <label className={styles.field}>
        <span>{t('auth.inviteCode')}</span>
        <input name="inviteCode" maxLength={32} value={v.inviteCode} onChange={(e) => set('inviteCode')(e.target.value)} data-testid="invite" />
      </label>
      {register.error && <p className={styles.formError} role="alert" data-testid="form-error">{register.error}</p>}
      <button type="submit" className={styles.submit} disabled={register.busy} data-testid="submit">{t('auth.submitRegister')}</button>
      <div className={styles.alt}>
        <span>{t('auth.haveAccount')} <Link href="/pass/login">{t('nav.login')}</Link></span>
      </div>
    </form>
  );
}
