import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import type { Loan } from '../../contract/loans.ts';
import { repaySplit } from '../../contract/loanMath.ts';
import { refusalOf, useRepayLoan } from '../../services/queries/loans.ts';
import dialog from '../components/dialog.module.css';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import { usdt } from '../smart/format.ts';

/**
 * Repaying a loan, in part or in full: the amount (the whole debt by default), how it splits
 * (interest first, then principal) and whether it releases the collateral. One client key per
 * opening of the dialog, so a retry after a timeout pays once.
 */
export function RepayDialog({ loan, available, onClose, onPaid }: { loan: Loan; available: string | null; onClose: () => void; onPaid: (l: Loan) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(loan.repaymentAmount);
  const repay = useRepayLoan();
  const busy = repay.isPending;
  const [error, setError] = useState<string | null>(null);
  const [clientKey] = useState(() => crypto.randomUUID());
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  const valid = /^[0-9]{1,20}(\.[0-9]{1,6})?$/.test(amount.trim()) && new Decimal(amount.trim()).gt(0) && new Decimal(amount.trim()).lte(loan.repaymentAmount);
  const split = valid ? repaySplit(amount.trim(), loan.accruedInterest, loan.principalOutstanding) : null;
  const full = valid && new Decimal(amount.trim()).eq(loan.repaymentAmount);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setError(null);
    repay.mutate({ id: loan.id, amount, clientKey }, { onSuccess: onPaid, onError: (err) => setError(refusalOf(err, t('common.failed')).text) });
  };
  return (
    <div className={dialog.overlay} role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form className={dialog.dialog} role="dialog" aria-modal="true" aria-labelledby="repay-title" onSubmit={submit} noValidate data-testid="repay-dialog">
        <h2 id="repay-title">{t('loan.repayTitle', { id: loan.id })}</h2>
        <dl className={wallet.quote}>
          <div><dt>{t('loan.principalOutstanding')}</dt><dd className="num">{usdt(loan.principalOutstanding, 6)}</dd></div>
          <div><dt>{t('loan.accruedInterest')}</dt><dd className="num">{usdt(loan.accruedInterest, 6)}</dd></div>
          <div><dt>{t('loan.debtNow')}</dt><dd className="num" data-testid="repay-debt">{usdt(loan.repaymentAmount, 6)}</dd></div>
          {available !== null && <div><dt>{t('loan.availableUsdt')}</dt><dd className="num">{usdt(available, 6)}</dd></div>}
        </dl>
        <label className={screens.field}>
          <span>{t('loan.repayAmount')} (USDT)</span>
          <input inputMode="decimal" autoComplete="off" maxLength={40} value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="repay-amount" />
        </label>
        {split && (
          <p className="num" data-testid="repay-split">
            {t('loan.repaySplit', { interest: usdt(split.interest, 6), principal: usdt(split.principal, 6) })}
            {full && <> {t('loan.repayReleases', { amount: `${loan.collateralAmount} ${loan.collateralAsset}` })}</>}
          </p>
        )}
        {error && <p className={screens.formError} role="alert" data-testid="repay-error">{error}</p>}
        <div className={wallet.actions}>
          <button type="button" className={wallet.secondary} onClick={onClose}>{t('common.close')}</button>
          <button type="submit" className={screens.submit} disabled={!valid || busy} data-testid="repay-submit">{t('loan.repay')}</button>
        </div>
      </form>
    </div>
  );
}
