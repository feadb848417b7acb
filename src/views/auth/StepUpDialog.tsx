import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { createStepUp } from '../../services/auth/stepUpFlow.ts';
import { useRefusalText } from '../platform/app/useFlow.ts';
import dialog from '../platform/components/dialog.module.css';
import styles from '../platform/styles/screens.module.css';
import own from './twoFactor.module.css';
import { TwoFactorCodeField } from './TwoFactorCodeField.tsx';

/**
 * The step-up dialog (the stepUp flow): when a call needs a fresh authenticator code (a
 * withdrawal, a password change, an operator's approval with two-factor on), it asks for one
 * over whatever screen made the call, and the call goes again with it.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const text = useRefusalText();
  const [{ actor, attach }] = useState(createStepUp);
  useEffect(attach, [attach]);
  const asking = useSelector(actor, (s) => s.matches('asking'));
  const message = useSelector(actor, (s) => s.context.message);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const [code, setCode] = useState('');
  if (!asking) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'stepUp.submit', code });
    setCode('');
  };
  return (
    <div className={dialog.overlay}>
      <form
        className={dialog.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="step-up-title"
        onSubmit={onSubmit}
        noValidate
        data-testid="step-up-dialog"
      >
        <h2 id="step-up-title">{t('twoFactor.stepUp.title')}</h2>
        <p>{t('twoFactor.stepUp.why')}</p>
        <TwoFactorCodeField label={t('twoFactor.code')} value={code} onChange={setCode} testId="step-up-code" />
        {(refusal || message) && (
          <p className={styles.formError} role="alert">
            {refusal ? text(refusal) : message}
          </p>
        )}
        <div className={own.actions}>
          <button type="submit" className={styles.submit} data-testid="step-up-submit">
            {t('twoFactor.verify')}
          </button>
          <button type="button" className={own.linkButton} onClick={() => actor.send({ type: 'stepUp.cancel' })}>
            {t('twoFactor.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
