import { useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { AREA_CODES } from '../../contract/areaCodes.ts';
import { codeSenderMachine } from '../../machines/codeSender.ts';
import { authApi } from '../../services/authApi.ts';
import type { CodePurpose, SendCodeBody } from '../../services/types.ts';
import styles from '../screens/screens.module.css';

export type Channel = 'email' | 'phone';

/** E-mail, or phone with the area-code picker. */
export function TargetFields({ channel, setChannel, values, set }: {
  channel: Channel;
  setChannel: (c: Channel) => void;
  values: Record<string, string>;
  set: (k: string, v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.segmented} role="tablist" aria-label={t('auth.byEmail') + ' / ' + t('auth.byPhone')}>
        <button type="button" role="tab" aria-selected={channel === 'email'} onClick={() => setChannel('email')} data-testid="by-email">{t('auth.byEmail')}</button>
        <button type="button" role="tab" aria-selected={channel === 'phone'} onClick={() => setChannel('phone')} data-testid="by-phone">{t('auth.byPhone')}</button>
      </div>
      {channel === 'email' ? (
        <label className={styles.field}>
          <span>{t('auth.email')}</span>
          <input type="email" name="email" autoComplete="email" inputMode="email" maxLength={254} value={values.email ?? ''} onChange={(e) => set('email', e.target.value)} required />
        </label>
      ) : (
        <div className={styles.row}>
          <label className={styles.field}>
            <span>{t('auth.areaCode')}</span>
            <select name="areaCode" value={values.areaCode ?? '+1'} onChange={(e) => set('areaCode', e.target.value)} data-testid="area-code">
              {AREA_CODES.map((a) => (
                <option key={a.code + a.iso} value={a.code}>{a.code} {a.iso}</option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>{t('auth.phone')}</span>
            <input type="tel" name="phone" autoComplete="tel-national" inputMode="tel" maxLength={32} value={values.phone ?? ''} onChange={(e) => set('phone', e.target.value)} required />
          </label>
        </div>
      )}
    </>
  );
}

export function targetOf(channel: Channel, v: Record<string, string>): Record<string, string> {
  return channel === 'email' ? { email: (v.email ?? '').trim() } : { phone: (v.phone ?? '').trim(), areaCode: v.areaCode ?? '+1' };
}

/** Verification code input with the send button and its countdown (codeSender machine). */
export function CodeField({ purpose, target, value, onChange }: { purpose: CodePurpose; target: Record<string, string>; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const logic = useMemo(
    () => codeSenderMachine.provide({ actors: { sendCode: fromPromise(({ input, signal }) => authApi.sendCode({ ...input, purpose }, signal)) } }),
    [purpose],
  );
  const ref = useActorRef(logic);
  const state = useSelector(ref, (s) => s.value as string);
  const left = useSelector(ref, (s) => s.context.secondsLeft);
  const sentTo = useSelector(ref, (s) => s.context.sentTo);
  const error = useSelector(ref, (s) => s.context.error);
  const missing = Object.values(target).some((v) => !v);
  return (
    <div className={styles.field}>
      <label htmlFor="code-input"><span style={{ fontSize: 14, fontWeight: 600, color: 'var(--ink-2)' }}>{t('auth.code')}</span></label>
      <div className={styles.row} style={{ flexDirection: 'row-reverse' }}>
        <button
          type="button"
          className={styles.sendCode}
          disabled={state !== 'idle' || missing}
          onClick={() => ref.send({ type: 'code.send', target })}
          data-testid="send-code"
        >
          <span className="num">{state === 'coolingDown' ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}</span>
        </button>
        <input id="code-input" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={16} value={value} onChange={(e) => onChange(e.target.value)} required data-testid="code" />
      </div>
      <span aria-live="polite" className={error ? styles.fieldError : styles.muted} style={{ fontSize: 13 }}>
        {error ?? (sentTo ? t('auth.codeSent', { target: sentTo }) : '')}
      </span>
    </div>
  );
}

export function PasswordField({ label, name, value, onChange, autoComplete, testId }: { label: string; name: string; value: string; onChange: (v: string) => void; autoComplete: string; testId?: string }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <span className={styles.passwordBox}>
        <input type={show ? 'text' : 'password'} name={name} autoComplete={autoComplete} maxLength={64} value={value} onChange={(e) => onChange(e.target.value)} required data-testid={testId ?? name} />
        <button type="button" onClick={() => setShow(!show)} aria-label={show ? t('auth.hidePassword') : t('auth.showPassword')} aria-pressed={show}>
          {show ? '◉' : '◎'}
        </button>
      </span>
    </label>
  );
}
