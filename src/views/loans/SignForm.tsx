import { useTranslation } from 'react-i18next';
import { isolate } from './isolate.ts';
import type { LoanTerms } from '../../contract/loans.ts';
import type { LoanBorrowContext, LoanBorrowEvent } from '../../machines/loans/loanBorrow.ts';
import type { Refusal } from '../../machines/platform/refusal.ts';
import { useRefusalText } from '../platform/app/useFlow.ts';
import { SignaturePad } from '../platform/components/SignaturePad.tsx';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import { usdt } from '../platform/components/moneyFormat.ts';
import { formatMoney } from '../platform/components/Figures.tsx';
import styles from './loans.module.css';

/**
 * The agreement to read (the version the service says is current, in the app's language) and
 * to sign: a drawn signature and the typed full name. The loanBorrow flow holds both and the
 * client key, so "Sign and apply" after a refusal or a timeout answers with the first loan.
 */
export function SignForm({
  terms,
  form,
  busy,
  refusal,
  send,
}: {
  terms: LoanTerms;
  form: LoanBorrowContext;
  busy: boolean;
  refusal: Refusal | null;
  send: (e: LoanBorrowEvent) => void;
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const ready = form.signature !== null && form.fullName.trim().length >= 2;
  const shown = refusal ?? form.problem;
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('loan.signTitle')}
      data-testid="loan-sign"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'borrow.submit' });
      }}
    >
      <dl className={wallet.quote}>
        <div>
          <dt>{t('loan.amount')}</dt>
          <dd className="num">{usdt(form.amount)}</dd>
        </div>
        <div>
          <dt>{t('loan.term')}</dt>
          <dd>{t('loan.days', { n: form.days })}</dd>
        </div>
        <div>
          <dt>{t('loan.collateral')}</dt>
          <dd className="num">
            {formatMoney(form.collateralNeeded, form.asset, { full: true })} {form.asset}
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>{t('loan.collateralAtSubmit')}</p>
      <h3 className={styles.h2} id="agreement-title">
        {t('loan.agreement')} <small className="num">({t('loan.version', { version: isolate(terms.agreementVersion) })})</small>
      </h3>
      <div className={styles.agreement} role="region" aria-labelledby="agreement-title" data-testid="loan-agreement">
        {terms.agreementText.split('\n\n').map((p) => (
          <p key={p.slice(0, 24)}>{p}</p>
        ))}
      </div>
      <div className={screens.field}>
        <span>{t('loan.signature')}</span>
        <SignaturePad
          signed={form.signature !== null}
          invalid={shown?.code === 10122 && form.signature === null}
          onChange={(png) => send({ type: 'borrow.signature', image: png })}
          label={t('loan.signatureArea')}
          clearLabel={t('loan.clear')}
          testId="signature-pad"
          clearTestId="signature-clear"
        />
      </div>
      <label className={screens.field}>
        <span>{t('loan.fullName')}</span>
        <input
          autoComplete="name"
          maxLength={120}
          value={form.fullName}
          onChange={(e) => send({ type: 'borrow.name', value: e.target.value })}
          data-testid="loan-fullname"
        />
      </label>
      <p className={styles.muted}>{t('loan.signNote')}</p>
      {shown && (
        <p className={screens.formError} role="alert" data-testid="loan-error" data-code={shown.code ?? ''}>
          {text(shown)}
        </p>
      )}
      <div className={wallet.actions}>
        <button
          type="button"
          className={wallet.secondary}
          disabled={busy}
          onClick={() => send({ type: 'borrow.back' })}
          data-testid="loan-back"
        >
          {t('loan.back')}
        </button>
        <button type="submit" className={screens.submit} disabled={busy || !ready} data-testid="loan-submit">
          {t('loan.signAndSubmit')}
        </button>
      </div>
    </form>
  );
}
