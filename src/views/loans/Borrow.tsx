import { useTranslation } from 'react-i18next';
import type { CollateralAsset, LoanTerms } from '../../contract/loans.ts';
import { loanBorrowFlow } from '../../services/loans/flows.ts';
import { useFlow } from '../platform/app/useFlow.ts';
import wallet from '../platform/styles/money.module.css';
import { usdt } from '../platform/components/moneyFormat.ts';
import { Calculator } from './Calculator.tsx';
import { SignForm } from './SignForm.tsx';
import { formatMoney } from '../platform/components/Figures.tsx';
import styles from './loans.module.css';

/**
 * Applying for a loan, driven by the loanBorrow flow: the calculator, then the agreement to sign,
 * then the application's answer. The view renders the state the machine is in and sends what the
 * user does; the live prices and balances come with the events that need them.
 */
export function Borrow({
  terms,
  prices,
  available,
  canApply,
}: {
  terms: LoanTerms;
  prices: Record<CollateralAsset, string | null>;
  available: Record<CollateralAsset, string | null>;
  canApply: boolean;
}) {
  const { t } = useTranslation();
  const [form, send] = useFlow(
    loanBorrowFlow,
    (s) => ({
      step: s.matches('editing') ? ('editing' as const) : s.matches('done') ? ('done' as const) : ('signing' as const),
      context: s.context,
      busy: s.hasTag('busy'),
      refusal: s.matches('refused') ? s.context.refusal : null,
    }),
    { terms },
  );
  const c = form.context;
  return (
    <>
      <h2 id="loan-calc-title" className={styles.h2}>
        {form.step === 'editing' ? t('loan.calcTitle') : t('loan.signTitle')}
      </h2>
      {form.step === 'done' && c.result && (
        <div className={wallet.success} role="status" data-testid="loan-submitted">
          <p>{t('errors:20001')}</p>
          <p className="num">
            {t('loan.submittedText', {
              amount: usdt(c.result.amount),
              collateral: `${formatMoney(c.result.collateralAmount, c.result.collateralAsset, { full: true })} ${c.result.collateralAsset}`,
            })}
          </p>
          <button
            type="button"
            className={wallet.secondary}
            onClick={() => send({ type: 'borrow.again' })}
            data-testid="loan-another"
          >
            {t('loan.another')}
          </button>
        </div>
      )}
      {form.step === 'signing' && <SignForm terms={terms} form={c} busy={form.busy} refusal={form.refusal} send={send} />}
      {form.step === 'editing' && (
        <Calculator terms={terms} prices={prices} available={available} form={c} canContinue={canApply} send={send} />
      )}
    </>
  );
}
