import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { twoFactorEnrolMachine } from '../../machines/auth/twoFactorEnrol.ts';
import { submissionView } from '../../machines/platform/submission.ts';
import { twoFactorEnrolFlow, twoFactorOffFlow } from '../../services/auth/twoFactorFlows.ts';
import { useTwoFactorStatus } from '../../services/auth/twoFactorQueries.ts';
import { useFlow, useRefusalText } from '../platform/app/useFlow.ts';
import { PasswordField } from '../platform/components/AuthFields.tsx';
import { Loadable } from '../platform/components/Loadable.tsx';
import styles from '../platform/styles/screens.module.css';
import own from './twoFactor.module.css';
import { TwoFactorCodeField } from './TwoFactorCodeField.tsx';

const enrolView = (s: SnapshotFrom<typeof twoFactorEnrolMachine>) => ({
  state: s.value as string,
  busy: s.hasTag('busy'),
  setup: s.context.setup,
  codes: s.context.recoveryCodes,
  refusal: s.context.refusal,
});

/** Two-factor sign-in on the security screen: on or off, enrolment, turning it off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  return (
    <section className={`${styles.card} ${own.section}`} aria-labelledby="two-factor-heading" data-testid="two-factor-section">
      <h2 id="two-factor-heading">{t('twoFactor.title')}</h2>
      <p className={styles.note}>{t('twoFactor.explain')}</p>
      <Loadable query={status}>
        {status.data &&
          ((s) => (
            <>
              <p className={own.state} data-testid="two-factor-state" data-on={s.enabled ? 'true' : 'false'}>
                {s.enabled ? t('twoFactor.on', { left: s.recoveryCodesLeft }) : t('twoFactor.off')}
              </p>
              {s.required && !s.enabled && (
                <p className={styles.formError} role="alert">
                  {t('twoFactor.operatorRequired')}
                </p>
              )}
              {s.enabled ? <TurnOff /> : <Enrol />}
            </>
          ))(status.data)}
      </Loadable>
    </section>
  );
}

function Enrol() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [code, setCode] = useState('');
  const [flow, send] = useFlow(twoFactorEnrolFlow, enrolView);
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'enrol.confirm', code });
  };
  const error = flow.refusal && (
    <p className={styles.formError} role="alert" data-testid="form-error" data-code={flow.refusal.code ?? ''}>
      {text(flow.refusal)}
    </p>
  );
  if (flow.state === 'idle' || flow.state === 'starting') {
    return (
      <>
        {error}
        <button
          type="button"
          className={styles.submit}
          disabled={flow.busy}
          onClick={() => send({ type: 'enrol.start' })}
          data-testid="two-factor-start"
        >
          {t('twoFactor.start')}
        </button>
      </>
    );
  }
  if (flow.state === 'showingCodes') {
    return (
      <>
        <p>{t('twoFactor.codesExplain')}</p>
        <ul className={own.codes} data-testid="recovery-codes">
          {flow.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.submit}
          onClick={() => send({ type: 'enrol.done' })}
          data-testid="recovery-codes-done"
        >
          {t('twoFactor.codesSaved')}
        </button>
      </>
    );
  }
  if (flow.state === 'done' || !flow.setup) return null;
  return (
    <form className={own.section} onSubmit={confirm} noValidate>
      <p>{t('twoFactor.scan')}</p>
      <img className={own.qr} src={flow.setup.qrDataUrl} alt={t('twoFactor.qrAlt')} />
      <p>
        {t('twoFactor.secretLabel')}{' '}
        <code className={own.secret} data-testid="two-factor-secret">
          {flow.setup.secret}
        </code>
      </p>
      <TwoFactorCodeField label={t('twoFactor.code')} value={code} onChange={setCode} testId="two-factor-confirm-code" />
      {error}
      <div className={own.actions}>
        <button type="submit" className={styles.submit} disabled={flow.busy} data-testid="two-factor-confirm">
          {t('twoFactor.confirm')}
        </button>
        <button type="button" className={own.linkButton} onClick={() => send({ type: 'enrol.cancel' })}>
          {t('twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}

function TurnOff() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [v, setV] = useState({ password: '', code: '' });
  const [form, send] = useFlow(twoFactorOffFlow, submissionView);
  const set = (k: keyof typeof v) => (value: string) => {
    setV((p) => ({ ...p, [k]: value }));
    send({ type: 'twoFactorOff.edit' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'twoFactorOff.submit', values: v });
  };
  return (
    <form className={own.section} onSubmit={onSubmit} noValidate aria-label={t('twoFactor.turnOff')}>
      <p className={styles.note}>{t('twoFactor.offExplain')}</p>
      <PasswordField
        label={t('auth.password')}
        name="password"
        value={v.password}
        onChange={set('password')}
        autoComplete="current-password"
      />
      <TwoFactorCodeField label={t('twoFactor.codeOrRecovery')} value={v.code} onChange={set('code')} recovery />
      {form.refusal && (
        <p className={styles.formError} role="alert" data-code={form.refusal.code ?? ''}>
          {text(form.refusal)}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={form.busy || form.result !== null}>
        {t('twoFactor.turnOff')}
      </button>
    </form>
  );
}
