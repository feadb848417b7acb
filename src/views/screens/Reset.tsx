import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { EMAIL_RE, passwordStrongEnough } from '../../contract/auth.ts';
import { authApi } from '../../services/authApi.ts';
import { navigate } from '../../services/navigation.ts';
import { toast } from '../../services/toast.ts';
import { useAction } from '../app/hooks.ts';
import { CodeField, PasswordField, TargetFields, targetOf, type Channel } from '../components/AuthFields.tsx';
import styles from './screens.module.css';

export default function Reset() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<Channel>('email');
  const [v, setV] = useState<Record<string, string>>({ email: '', phone: '', areaCode: '+1', code: '', password: '', confirmPassword: '' });
  const reset = useAction(
    async (values, signal) => {
      if (channel === 'email' && !EMAIL_RE.test(values.email.trim())) throw new Error(t('auth.errors.emailInvalid'));
      if (channel === 'phone' && !values.phone.trim()) throw new Error(t('auth.errors.phoneRequired'));
      if (!values.code.trim()) throw new Error(t('auth.errors.codeRequired'));
      if (!passwordStrongEnough(values.password)) throw new Error(t('auth.errors.passwordWeak'));
      if (values.password !== values.confirmPassword) throw new Error(t('auth.errors.passwordsDiffer'));
      return authApi.repassword({ ...targetOf(channel, values), code: values.code.trim(), password: values.password, confirmPassword: values.confirmPassword }, signal);
    },
    () => {
      toast(t('auth.resetDone'), 'success');
      navigate('/pass/login');
    },
  );
  const set = (k: string) => (value: string) => {
    setV((prev) => ({ ...prev, [k]: value }));
    reset.edit();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    reset.submit(v);
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reset-title" data-testid="reset-form">
      <h1 id="reset-title">{t('auth.resetTitle')}</h1>
      <TargetFields channel={channel} setChannel={setChannel} values={v} set={(k, value) => set(k)(value)} />
      <CodeField purpose="reset" target={targetOf(channel, v)} value={v.code} onChange={set('code')} />
      <PasswordField label={t('auth.newPassword')} name="password" value={v.password} onChange={set('password')} autoComplete="new-password" />
      <PasswordField label={t('auth.confirmPassword')} name="confirmPassword" value={v.confirmPassword} onChange={set('confirmPassword')} autoComplete="new-password" />
      {reset.error && <p className={styles.formError} role="alert" data-testid="form-error">{reset.error}</p>}
      <button type="submit" className={styles.submit} disabled={reset.busy} data-testid="submit">{t('auth.submitReset')}</button>
      <div className={styles.alt}>
        <Link href="/pass/login">{t('nav.login')}</Link>
      </div>
    </form>
  );
}
