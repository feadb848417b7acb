import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AREA_CODES } from '../../../contract/areaCodes.ts';
import type { CodePurpose } from '../../../contract/auth.ts';
import { targetRefusal, type TargetValues } from '../../../machines/auth/credentials.ts';
import { codeSenderFlow } from '../../../services/auth/flows.ts';
import { PASSWORD_MIN_SCORE, usePasswordStrength } from '../../../services/auth/passwordStrength.ts';
import type { Refusal } from '../../../machines/platform/refusal.ts';
import { useFlow, useRefusalText } from '../app/useFlow.ts';
import auth from '../../auth/auth.module.css';
import { EyeIcon, EyeOffIcon } from './Icons.tsx';
import styles from '../styles/screens.module.css';

/** The two channels' tabs, in order. */
const CHANNELS = [
  { channel: 'email', label: 'auth.byEmail', testId: 'by-email' },
  { channel: 'phone', label: 'auth.byPhone', testId: 'by-phone' },
] as const;

/** How each channel's address is typed: what the browser may fill in and the keyboard it shows. */
const CONTACT = {
  email: { label: 'auth.email', type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  phone: { label: 'auth.phone', type: 'tel', autoComplete: 'tel-national', inputMode: 'tel', maxLength: 32 },
} as const;

function ContactField({
  field,
  values,
  set,
}: {
  field: keyof typeof CONTACT;
  values: TargetValues;
  set: (k: keyof TargetValues, v: string) => void;
}) {
  const { t } = useTranslation();
  const c = CONTACT[field];
  return (
    <label className={styles.field}>
      <span>{t(c.label)}</span>
      <input
        type={c.type}
        name={field}
        autoComplete={c.autoComplete}
        inputMode={c.inputMode}
        maxLength={c.maxLength}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        required
      />
    </label>
  );
}

/** E-mail, or phone with the area-code picker; the channel is one of the form's values. */
export function TargetFields({ values, set }: { values: TargetValues; set: (k: keyof TargetValues, v: string) => void }) {
  const { t } = useTranslation();
  const channel = values.channel;
  return (
    <>
      <div className={styles.segmented} role="tablist" aria-label={t('auth.byEmail') + ' / ' + t('auth.byPhone')}>
        {CHANNELS.map((c) => (
          <button
            key={c.channel}
            type="button"
            role="tab"
            aria-selected={channel === c.channel}
            onClick={() => set('channel', c.channel)}
            data-testid={c.testId}
          >
            {t(c.label)}
          </button>
        ))}
      </div>
      {channel === 'email' ? (
        <ContactField field="email" values={values} set={set} />
      ) : (
        <div className={styles.row}>
          <label className={styles.field}>
            <span>{t('auth.areaCode')}</span>
            <select
              name="areaCode"
              value={values.areaCode}
              onChange={(e) => set('areaCode', e.target.value)}
              data-testid="area-code"
            >
              {AREA_CODES.map((a) => (
                <option key={a.code + a.iso} value={a.code}>
                  {a.code} {a.iso}
                </option>
              ))}
            </select>
          </label>
          <ContactField field="phone" values={values} set={set} />
        </div>
      )}
    </>
  );
}

/**
 * Verification code input with the send button and its countdown (the codeSender flow). The
 * button is enabled exactly when the flow would take `code.send` for this target.
 */
export function CodeField({
  purpose,
  target: form,
  value,
  onChange,
}: {
  purpose: CodePurpose;
  target: TargetValues;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  // only the target fields travel in the event (the form's values hold the password too)
  const target: TargetValues = { channel: form.channel, email: form.email, phone: form.phone, areaCode: form.areaCode };
  const [code, send] = useFlow(
    () => codeSenderFlow(purpose),
    (s) => ({
      canSend: s.can({ type: 'code.send', target }),
      coolingDown: s.matches('coolingDown'),
      left: s.context.secondsLeft,
      sentTo: s.context.sentTo,
      error: s.context.error,
    }),
  );
  const text = useRefusalText();
  // a disabled "Send code" says why, once something is typed in the e-mail or phone field
  const typed = (target.channel === 'email' ? target.email : target.phone).trim() !== '';
  const why = !code.canSend && !code.coolingDown && typed ? text(targetRefusal(target)) : null;
  return (
    <div className={styles.field}>
      <label htmlFor="code-input" className={auth.label}>
        {t('auth.code')}
      </label>
      <div className={`${styles.row} ${auth.codeRow}`}>
        <button
          type="button"
          className={styles.sendCode}
          disabled={!code.canSend}
          onClick={() => send({ type: 'code.send', target })}
          data-testid="send-code"
        >
          <span className="num">{code.coolingDown ? t('auth.resendIn', { seconds: code.left }) : t('auth.sendCode')}</span>
        </button>
        <input
          id="code-input"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={16}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
          data-testid="code"
        />
      </div>
      <span
        aria-live="polite"
        className={`${code.error || why ? styles.fieldError : styles.muted} ${auth.codeStatus}`}
        data-testid="code-status"
      >
        {code.error ?? why ?? (code.sentTo ? t('auth.codeSent', { target: code.sentTo }) : '')}
      </span>
    </div>
  );
}

/**
 * The live strength of a new password (zxcvbn, loaded on first use: services/passwordStrength.ts).
 * Advice only: the server decides (10170 below the minimum).
 */
function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = usePasswordStrength(password);
  if (score === undefined) return null;
  return (
    <span className={styles.strength} data-testid="password-strength" data-score={score}>
      <meter min={0} max={4} low={PASSWORD_MIN_SCORE - 0.5} high={PASSWORD_MIN_SCORE} optimum={4} value={score} />
      <span aria-live="polite">
        {t(score >= PASSWORD_MIN_SCORE ? 'auth.strengthOk' : 'auth.strengthWeak', { score, min: PASSWORD_MIN_SCORE })}
      </span>
    </span>
  );
}

export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  testId,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  // a new password's first field shows its strength (not the confirmation, not a sign-in)
  const meter = autoComplete === 'new-password' && name === 'password';
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <span className={styles.passwordBox}>
        <input
          type={show ? 'text' : 'password'}
          name={name}
          autoComplete={autoComplete}
          maxLength={64}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
          data-testid={testId ?? name}
        />
        <button
          type="button"
          onClick={() => setShow(!show)}
          aria-label={show ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={show}
        >
          {show ? <EyeOffIcon width={20} height={20} /> : <EyeIcon width={20} height={20} />}
        </button>
      </span>
      {meter && <StrengthMeter password={value} />}
    </label>
  );
}

/** The new password and its confirmation (register, reset, change): the first shows its live strength. */
export function NewPasswordFields({
  label,
  values,
  set,
}: {
  label: string;
  values: { password: string; confirmPassword: string };
  set: (k: 'password' | 'confirmPassword') => (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        value={values.password}
        onChange={set('password')}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
}

/** A form's refusal, said why in the user's language (nothing while there is none). */
export function FormRefusal({ refusal, testId = 'form-error' }: { refusal: Refusal | null; testId?: string }) {
  const text = useRefusalText();
  if (!refusal) return null;
  return (
    <p className={styles.formError} role="alert" data-testid={testId} data-code={refusal.code ?? ''}>
      {text(refusal)}
    </p>
  );
}
