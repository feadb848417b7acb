import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from './isolate.ts';
import type { Loan, LoanTerms } from '../../contract/loans.ts';
import { refusalOf, useSubmitLoan } from '../../services/queries/loans.ts';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import { usdt } from '../smart/format.ts';
import type { BorrowChoice } from './Calculator.tsx';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad.tsx';
import styles from './loans.module.css';

/**
 * The agreement to read (the version the service says is current, in the app's language) and
 * to sign: a drawn signature and the typed full name. Submitting sends them with the loan; the
 * client key stays the same for this signing, so a retry after a timeout answers the first loan.
 */
export function SignForm({ terms, choice, onBack, onDone }: { terms: LoanTerms; choice: BorrowChoice; onBack: () => void; onDone: (loan: Loan) => void }) {
  const { t } = useTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const [drawn, setDrawn] = useState(false);
  const [name, setName] = useState('');
  const submitLoan = useSubmitLoan();
  const busy = submitLoan.isPending;
  const [error, setError] = useState<{ code: number | null; text: string } | null>(null);
  const [clientKey] = useState(() => crypto.randomUUID());
  const onDrawn = useCallback((d: boolean) => setDrawn(d), []);
  const ready = drawn && name.trim().length >= 2;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const signature = await pad.current?.toBlob();
    if (!signature || !ready) {
      setError({ code: 10122, text: t('errors:10122') });
      return;
    }
    setError(null);
    submitLoan.mutate({ values: { ...choice, agreementVersion: terms.agreementVersion, fullName: name, signature }, clientKey }, {
      onSuccess: onDone,
      onError: (err) => setError(refusalOf(err, t('common.failed'))),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('loan.signTitle')} data-testid="loan-sign">
      <dl className={wallet.quote}>
        <div><dt>{t('loan.amount')}</dt><dd className="num">{usdt(choice.amount)}</dd></div>
        <div><dt>{t('loan.term')}</dt><dd>{t('loan.days', { n: choice.days })}</dd></div>
        <div><dt>{t('loan.collateral')}</dt><dd className="num">{choice.collateral} {choice.collateralAsset}</dd></div>
      </dl>
      <p className={styles.muted}>{t('loan.collateralAtSubmit')}</p>
      <h3 className={styles.h2} id="agreement-title">{t('loan.agreement')} <small className="num">({t('loan.version', { version: isolate(terms.agreementVersion) })})</small></h3>
      <div className={styles.agreement} role="region" aria-labelledby="agreement-title" data-testid="loan-agreement">
        {terms.agreementText.split('\n\n').map((p) => <p key={p.slice(0, 24)}>{p}</p>)}
      </div>
      <div className={screens.field}>
        <div className={styles.padRow}>
          <span>{t('loan.signature')}</span>
          <button type="button" className={wallet.secondary} onClick={() => pad.current?.clear()} data-testid="signature-clear">{t('loan.clear')}</button>
        </div>
        <SignaturePad ref={pad} onDrawn={onDrawn} />
      </div>
      <label className={screens.field}>
        <span>{t('loan.fullName')}</span>
        <input autoComplete="name" maxLength={120} value={name} onChange={(e) => setName(e.target.value)} data-testid="loan-fullname" />
      </label>
      <p className={styles.muted}>{t('loan.signNote')}</p>
      {error && <p className={screens.formError} role="alert" data-testid="loan-error" data-code={error.code ?? ''}>{error.text}</p>}
      <div className={wallet.actions}>
        <button type="button" className={wallet.secondary} onClick={onBack} data-testid="loan-back">{t('loan.back')}</button>
        <button type="submit" className={screens.submit} disabled={busy || !ready} data-testid="loan-submit">{t('loan.signAndSubmit')}</button>
      </div>
    </form>
  );
}
