import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import type { CollateralAsset, LoanTerms } from '../../contract/loans.ts';
import { quoteLoan } from '../../contract/loanMath.ts';
import { borrowAmount, type LoanBorrowContext, type LoanBorrowEvent } from '../../machines/loans/loanBorrow.ts';
import screens from '../platform/styles/screens.module.css';
import wallet from '../platform/styles/money.module.css';
import { useRefusalText } from '../platform/app/useFlow.ts';
import { pct, usdt, useWhen } from '../platform/components/moneyFormat.ts';
import { formatDecimal, formatMoney } from '../platform/components/Figures.tsx';
import { LtvGauge } from './LtvGauge.tsx';
import styles from './loans.module.css';

/**
 * The borrow calculator: amount ↔ collateral at the live feed price and the initial LTV, the
 * term, and what it costs (interest, repayment, due date, the prices of the margin call and the
 * liquidation) with the service's own arithmetic (loanMath). Without a price it says so and
 * computes nothing. The values are the loanBorrow flow's; the quote is a pure function of them.
 */
export function Calculator({
  terms,
  prices,
  available,
  form,
  canContinue,
  send,
}: {
  terms: LoanTerms;
  prices: Record<CollateralAsset, string | null>;
  available: Record<CollateralAsset, string | null>;
  form: LoanBorrowContext;
  canContinue: boolean;
  send: (e: LoanBorrowEvent) => void;
}) {
  const { t } = useTranslation();
  const text = useRefusalText();
  const when = useWhen();
  const [startMs] = useState(() => Date.now());
  const { asset, days } = form;
  const price = prices[asset];
  const amount = borrowAmount(form.amount, terms);
  const q = amount && price ? quoteLoan(amount, price, { ...terms, days }, startMs) : null;
  const have = available[asset];
  const enough = q && have !== null ? new Decimal(have).gte(q.collateralAmount) : false;

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('loan.calcTitle')}
      data-testid="loan-calc"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'borrow.continue', price, available: have });
      }}
    >
      <div className={styles.pair}>
        <label className={screens.field}>
          <span>{t('loan.collateralAsset')}</span>
          <select
            value={asset}
            onChange={(e) => send({ type: 'borrow.asset', asset: e.target.value as CollateralAsset })}
            data-testid="loan-asset"
          >
            {terms.collateralAssets.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        <label className={screens.field}>
          <span>{t('loan.term')}</span>
          <select
            value={days}
            onChange={(e) => send({ type: 'borrow.days', days: Number(e.target.value) })}
            data-testid="loan-days"
          >
            {terms.days.map((d) => (
              <option key={d} value={d}>
                {t('loan.days', { n: d })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.pair}>
        <label className={screens.field}>
          <span>{t('loan.amount')} (USDT)</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={form.amount}
            onChange={(e) => send({ type: 'borrow.amount', value: e.target.value, price })}
            placeholder={`${Number(terms.minAmount)} – ${Number(terms.maxAmount)}`}
            data-testid="loan-amount"
            aria-describedby="loan-range"
          />
        </label>
        <label className={screens.field}>
          <span>
            {t('loan.collateral')} ({asset})
          </span>
          <input
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={form.collateral}
            onChange={(e) => send({ type: 'borrow.collateral', value: e.target.value, price })}
            data-testid="loan-collateral"
          />
        </label>
      </div>
      <small id="loan-range" className={wallet.hint}>
        {t('loan.range', { min: usdt(terms.minAmount, 0), max: usdt(terms.maxAmount, 0) })}
        {have !== null && <> · {t('loan.availableCollateral', { amount: `${have} ${asset}` })}</>}
      </small>
      {price === null && (
        <p className={screens.formError} role="alert" data-testid="loan-no-price">
          {t('loan.noPrice')}
        </p>
      )}
      <LtvGauge ltv={q ? q.ltv : terms.initialLtv} terms={terms} />
      <dl className={wallet.quote} data-testid="loan-quote">
        <div>
          <dt>{t('loan.price', { asset })}</dt>
          <dd className="num" data-testid="loan-price">
            {price ? usdt(price) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('loan.collateralNeeded')}</dt>
          <dd className="num" data-testid="loan-collateral-needed">
            {q ? `${formatMoney(q.collateralAmount, asset, { full: true })} ${asset}` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('loan.dailyRate')}</dt>
          <dd className="num">{pct(terms.dailyRate)}</dd>
        </div>
        <div>
          <dt>{t('loan.interestFree')}</dt>
          <dd className="num">{t('loan.days', { n: terms.interestFreeDays })}</dd>
        </div>
        <div>
          <dt>{t('loan.interest')}</dt>
          <dd className="num" data-testid="loan-interest">
            {q ? usdt(q.interest, 6) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('loan.repayment')}</dt>
          <dd className="num" data-testid="loan-repayment">
            {q ? usdt(q.repaymentAmount, 6) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('loan.dueDate')}</dt>
          <dd className="num">{when(startMs + days * 86_400_000, true)}</dd>
        </div>
        <div>
          <dt>{t('loan.overlayRate')}</dt>
          <dd className="num">{pct(terms.overlayRate)}</dd>
        </div>
        <div>
          <dt>{t('loan.marginCallPrice')}</dt>
          <dd className="num">{q?.marginCallPrice ? usdt(q.marginCallPrice) : '—'}</dd>
        </div>
        <div>
          <dt>{t('loan.liquidationPrice')}</dt>
          <dd className="num" data-testid="loan-liq-price">
            {q?.liquidationPrice ? usdt(q.liquidationPrice) : '—'}
          </dd>
        </div>
      </dl>
      <p className={styles.muted}>{t('loan.dueNote')}</p>
      {/* a disabled Continue says why: the amount's bounds, or how much collateral is missing */}
      {!amount && form.amount.trim() !== '' && (
        <p className={screens.formError} role="alert" data-testid="loan-amount-why">
          {t('errors:10120', { min: formatDecimal(terms.minAmount, 0), max: formatDecimal(terms.maxAmount, 0) })}
        </p>
      )}
      {q && !enough && have !== null && (
        <p className={screens.formError} role="alert" data-testid="loan-not-enough">
          {t('loan.collateralShort', {
            need: `${formatMoney(q.collateralAmount, asset, { full: true })} ${asset}`,
            have: `${have === null ? '—' : formatMoney(have, asset, { full: true })} ${asset}`,
          })}
        </p>
      )}
      {form.problem && (
        <p className={screens.formError} role="alert" data-testid="loan-problem" data-code={form.problem.code ?? ''}>
          {text(form.problem)}
        </p>
      )}
      {canContinue && (
        <button type="submit" className={screens.submit} disabled={!q || !enough} data-testid="loan-continue">
          {t('loan.continue')}
        </button>
      )}
    </form>
  );
}
