import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { submissionView } from '../../machines/platform/submission.ts';
import { twoFactorLoginFlow } from '../../services/auth/twoFactorFlows.ts';
import { useAppActors } from '../platform/app/actors.tsx';
import { useFlow } from '../platform/app/useFlow.ts';
import { FormRefusal } from '../platform/components/AuthFields.tsx';
import styles from '../platform/styles/screens.module.css';
import own from './twoFactor.module.css';
import { TwoFactorCodeField } from './TwoFactorCodeField.tsx';

/**
 * The code step of a sign-in with two-factor on (the twoFactorLogin flow): the password was
 * right, the session comes with the code from the authenticator app or a recovery code.
 */
export function TwoFactorLogin({
  challenge,
  onRestart,
  next = '/',
}: {
  challenge: string;
  onRestart: () => void;
  next?: string;
}) {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const [code, setCode] = useState('');
  const [step, send] = useFlow(() => twoFactorLoginFlow(session, next), submissionView);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'twoFactorLogin.submit', values: { challenge, code } });
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="two-factor-title" data-testid="two-factor-form">
      <h1 id="two-factor-title">{t('twoFactor.loginTitle')}</h1>
      <p className={styles.note}>{t('twoFactor.loginHint')}</p>
      <TwoFactorCodeField
        label={t('twoFactor.code')}
        value={code}
        onChange={(value) => {
          setCode(value);
          send({ type: 'twoFactorLogin.edit' });
        }}
        recovery
        testId="two-factor-code"
      />
      <FormRefusal refusal={step.refusal} />
      <button
        type="submit"
        className={styles.submit}
        disabled={step.busy || step.result !== null}
        data-testid="two-factor-submit"
      >
        {t('twoFactor.verify')}
      </button>
      <div className={styles.alt}>
        <button type="button" className={own.linkButton} onClick={onRestart}>
          {t('twoFactor.restart')}
        </button>
      </div>
    </form>
  );
}
