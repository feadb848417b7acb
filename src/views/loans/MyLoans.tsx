import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from './isolate.ts';
import type { CollateralAsset, Loan, LoanTerms } from '../../contract/loans.ts';
import { ltvOf, showLtv } from '../../contract/loanMath.ts';
import { loanAllows } from '../../machines/loans/loan.ts';
import wallet from '../platform/styles/money.module.css';
import { usdt, useWhen } from '../platform/components/moneyFormat.ts';
import { LtvGauge } from './LtvGauge.tsx';
import { RepayDialog } from './RepayDialog.tsx';
import { formatMoney } from '../platform/components/Figures.tsx';
import styles from './loans.module.css';

/**
 * The user's loans: status, the LTV at the live price (the service's figure until the feed says
 * more), accrued interest, what repays it now, due date and liquidation price; a repay button
 * on open loans (the lifecycle chart decides).
 */
export function MyLoans({
  loans,
  prices,
  availableUsdt,
  marks,
}: {
  loans: Loan[];
  prices: Record<CollateralAsset, string | null>;
  availableUsdt: string | null;
  marks: Pick<LoanTerms, 'initialLtv' | 'warningLtv'>;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  const [repaying, setRepaying] = useState<Loan | null>(null);
  if (loans.length === 0)
    return (
      <p className={styles.muted} data-testid="loans-empty">
        {t('loan.none')}
      </p>
    );
  return (
    <>
      <ul className={styles.loans} data-testid="my-loans">
        {loans.map((l) => {
          const open = l.status === 'repaying' || l.status === 'overdue';
          const live = prices[l.collateralAsset];
          const ltv = open && live ? showLtv(ltvOf(l.repaymentAmount, l.collateralAmount, live)) : l.ltv;
          return (
            <li key={l.id} className={styles.loan} data-testid="loan-row" data-id={l.id} data-status={l.status}>
              <div className={styles.loanHead}>
                <strong className="num">
                  #{l.id} · {usdt(l.amount)}
                </strong>
                <span className={styles.status} data-status={l.status} data-testid="loan-status">
                  {t(`loan.status.${l.status}`)}
                </span>
              </div>
              {(open || l.status === 'pending_review') && (
                <LtvGauge ltv={ltv} terms={{ ...marks, marginCallLtv: l.marginCallLtv, liquidationLtv: l.liquidationLtv }} />
              )}
              <dl className={wallet.quote}>
                <div>
                  <dt>{t('loan.collateral')}</dt>
                  <dd className="num">
                    {formatMoney(l.collateralAmount, l.collateralAsset)} {l.collateralAsset}
                  </dd>
                </div>
                <div>
                  <dt>{t('loan.term')}</dt>
                  <dd>{t('loan.days', { n: l.days })}</dd>
                </div>
                {open && (
                  <div>
                    <dt>{t('loan.accruedInterest')}</dt>
                    <dd className="num" data-testid="loan-accrued">
                      {usdt(l.accruedInterest, 6)}
                    </dd>
                  </div>
                )}
                {open && (
                  <div>
                    <dt>{t('loan.debtNow')}</dt>
                    <dd className="num" data-testid="loan-debt">
                      {usdt(l.repaymentAmount, 6)}
                    </dd>
                  </div>
                )}
                {l.dueDate && (
                  <div>
                    <dt>{t('loan.dueDate')}</dt>
                    <dd className="num">{when(l.dueDate, true)}</dd>
                  </div>
                )}
                {l.interestStart && open && (
                  <div>
                    <dt>{t('loan.interestFrom')}</dt>
                    <dd className="num">{when(l.interestStart, true)}</dd>
                  </div>
                )}
                {l.liquidationPrice && (
                  <div>
                    <dt>{t('loan.liquidationPrice')}</dt>
                    <dd className="num" data-testid="loan-row-liq">
                      {usdt(l.liquidationPrice)}
                    </dd>
                  </div>
                )}
                {!open && l.status !== 'pending_review' && (
                  <div>
                    <dt>{t('loan.totalInterest')}</dt>
                    <dd className="num">{usdt(l.totalInterest, 6)}</dd>
                  </div>
                )}
                {l.liquidationReturned && (
                  <div>
                    <dt>{t('loan.returned')}</dt>
                    <dd className="num">{usdt(l.liquidationReturned, 6)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('loan.agreement')}</dt>
                  <dd>{t('loan.signedVersion', { version: isolate(l.agreementVersion) })}</dd>
                </div>
              </dl>
              {l.status === 'pending_review' && <p className={styles.muted}>{t('loan.pendingNote')}</p>}
              {l.rejectReason && (
                <p className={wallet.reason} data-testid="loan-reject-reason">
                  {t('loan.rejectedBecause', { reason: l.rejectReason })}
                </p>
              )}
              {loanAllows(l.status, 'loan.repay') && (
                <button type="button" className={wallet.secondary} onClick={() => setRepaying(l)} data-testid="loan-repay">
                  {t('loan.repay')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {repaying && (
        <RepayDialog
          loan={repaying}
          available={availableUsdt}
          onClose={() => setRepaying(null)}
          onPaid={() => setRepaying(null)}
        />
      )}
    </>
  );
}
