import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import type { Loan } from '../../contract/loans.ts';
import { repaySplit } from '../../contract/loanMath.ts';
import { repayProblem } from '../../machines/loans/loanRepay.ts';
import { loanRepayFlow } from '../../services/loans/flows.ts';
import { useFlow, useLatest, useRefusalText } from '../platform/app/useFlow.ts';
import dialog from '../platform/components/dialog.module.css';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import { usdt } from '../platform/components/moneyFormat.ts';
import { formatMoney } from '../platform/components/Figures.tsx';

/**
 * Repaying a loan, in part or in full, driven by the loanRepay flow: the amount (the whole debt
 * by default), how it splits (interest first, then principal) and whether it releases the
 * collateral. The flow keeps the payment's client key, so a retry of the same payment pays once.
 */
export function RepayDialog({
  loan,
  available,
  onClose,
  onPaid,
}: {
  loan: Loan;
  available: string | null;
  onClose: () => void;
  onPaid: (l: Loan) => void;
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const paid = useLatest(onPaid);
  const [form, send] = useFlow(
    (client) => loanRepayFlow(client, paid),
    (s) => ({ amount: s.context.amount, busy: s.hasTag('busy'), refusal: s.matches('refused') ? s.context.refusal : null }),
    { loan },
  );
  useEffect(() => {
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  const amount = form.amount.trim();
  const amountProblem = repayProblem(amount, loan.repaymentAmount);
  const valid = amountProblem === null;
  const split = valid ? repaySplit(amount, loan.accruedInterest, loan.principalOutstanding) : null;
  const full = valid && new Decimal(amount).eq(loan.repaymentAmount);
  return (
    <div className={dialog.overlay} role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form
        className={dialog.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="repay-title"
        noValidate
        data-testid="repay-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'repay.submit' });
        }}
      >
        <h2 id="repay-title">{t('loan.repayTitle', { id: loan.id })}</h2>
        <dl className={wallet.quote}>
          <div>
            <dt>{t('loan.principalOutstanding')}</dt>
            <dd className="num">{usdt(loan.principalOutstanding, 6)}</dd>
          </div>
          <div>
            <dt>{t('loan.accruedInterest')}</dt>
            <dd className="num">{usdt(loan.accruedInterest, 6)}</dd>
          </div>
          <div>
            <dt>{t('loan.debtNow')}</dt>
            <dd className="num" data-testid="repay-debt">
              {usdt(loan.repaymentAmount, 6)}
            </dd>
          </div>
          {available !== null && (
            <div>
              <dt>{t('loan.availableUsdt')}</dt>
              <dd className="num">{usdt(available, 6)}</dd>
            </div>
          )}
        </dl>
        <label className={screens.field}>
          <span>{t('loan.repayAmount')} (USDT)</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={form.amount}
            onChange={(e) => send({ type: 'repay.amount', value: e.target.value })}
            data-testid="repay-amount"
          />
        </label>
        {split && (
          <p className="num" data-testid="repay-split">
            {t('loan.repaySplit', { interest: usdt(split.interest, 6), principal: usdt(split.principal, 6) })}
            {full && (
              <>
                {' '}
                {t('loan.repayReleases', {
                  amount: `${formatMoney(loan.collateralAmount, loan.collateralAsset)} ${loan.collateralAsset}`,
                })}
              </>
            )}
          </p>
        )}
        {/* a disabled Repay says why (900 above the debt, "abc", −1) */}
        {amount !== '' && amountProblem && !form.refusal && (
          <p className={screens.formError} role="alert" data-testid="repay-why" data-code={amountProblem.code ?? ''}>
            {text(amountProblem)}
          </p>
        )}
        {form.refusal && (
          <p className={screens.formError} role="alert" data-testid="repay-error" data-code={form.refusal.code ?? ''}>
            {text(form.refusal)}
          </p>
        )}
        <div className={wallet.actions}>
          <button type="button" className={wallet.secondary} onClick={onClose}>
            {t('common.close')}
          </button>
          <button type="submit" className={screens.submit} disabled={!valid || form.busy} data-testid="repay-submit">
            {t('loan.repay')}
          </button>
        </div>
      </form>
    </div>
  );
}
