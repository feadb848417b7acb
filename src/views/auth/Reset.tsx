import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { ResetValues } from '../../machines/auth/passwordReset.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { passwordResetFlow } from '../../services/auth/flows.ts';
import { useFlow } from '../platform/app/useFlow.ts';
import { CodeField, FormRefusal, NewPasswordFields, TargetFields } from '../platform/components/AuthFields.tsx';
import styles from '../platform/styles/screens.module.css';

/** A forgotten password: the passwordReset flow (it sends the user to sign in afterwards). */
export default function Reset() {
  const { t } = useTranslation();
  const [v, setV] = useState<ResetValues>({
    channel: 'email',
    email: '',
    phone: '',
    areaCode: '+1',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const [form, send] = useFlow(passwordResetFlow, submissionView);
  const set = (k: keyof ResetValues) => (value: string) => {
    setV((prev) => ({ ...prev, [k]: value }));
    send({ type: 'passwordReset.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'passwordReset.submit', values: v });
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reset-title" data-testid="reset-form">
      <h1 id="reset-title">{t('auth.resetTitle')}</h1>
      <TargetFields values={v} set={(k, value) => set(k)(value)} />
      <CodeField purpose="reset" target={v} value={v.code} onChange={set('code')} />
      <NewPasswordFields label={t('auth.newPassword')} values={v} set={set} />
      <FormRefusal refusal={form.refusal} />
      <button type="submit" className={styles.submit} disabled={form.busy || form.result !== null} data-testid="submit">
        {t('auth.submitReset')}
      </button>
      <div className={styles.alt}>
        <Link href="/pass/login">{t('nav.login')}</Link>
      </div>
    </form>
  );
}
