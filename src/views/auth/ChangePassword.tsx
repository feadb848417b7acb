import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeValues } from '../../machines/auth/passwordChange.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { passwordChangeFlow } from '../../services/auth/flows.ts';
import { useWithdrawHoldHours } from '../../services/content/index.ts';
import { intlLocale } from '../../i18n/format.ts';
import { useSession } from '../platform/app/hooks.ts';
import { useFlow } from '../platform/app/useFlow.ts';
import { FormRefusal, NewPasswordFields, PasswordField } from '../platform/components/AuthFields.tsx';
import { SignedOutScreen } from '../platform/components/LoginPrompt.tsx';
import styles from '../platform/styles/screens.module.css';

/** Change password (signed in): the passwordChange flow, with the current password, never a code. */
export default function ChangePassword() {
  const { t, i18n } = useTranslation();
  const { loggedIn } = useSession();
  const holdHours = useWithdrawHoldHours();
  // the hold is the service's setting (withdraw_hold_hours), said in the app's language: "24 hours", "24 Stunden"
  const duration =
    holdHours === null
      ? ''
      : new Intl.NumberFormat(intlLocale(i18n.language), { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(holdHours);
  const [v, setV] = useState<ChangeValues>({ oldPassword: '', password: '', confirmPassword: '' });
  const [form, send] = useFlow(passwordChangeFlow, submissionView);
  const set = (k: keyof ChangeValues) => (value: string) => {
    setV((prev) => ({ ...prev, [k]: value }));
    send({ type: 'passwordChange.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'passwordChange.submit', values: v });
  };
  if (!loggedIn) return <SignedOutScreen className={styles.card} title={t('account.changePassword')} />;
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="change-title"
      data-testid="change-password-form"
    >
      <h1 id="change-title">{t('account.changePassword')}</h1>
      <PasswordField
        label={t('auth.oldPassword')}
        name="oldPassword"
        value={v.oldPassword}
        onChange={set('oldPassword')}
        autoComplete="current-password"
      />
      <NewPasswordFields label={t('auth.newPassword')} values={v} set={set} />
      <p className={styles.note} data-testid="change-note">
        {holdHours ? t('auth.changeNote', { duration }) : t('newuser.changeNoteNoHold')}
      </p>
      <FormRefusal refusal={form.refusal} />
      <button type="submit" className={styles.submit} disabled={form.busy || form.result !== null} data-testid="submit">
        {t('account.changePassword')}
      </button>
    </form>
  );
}
