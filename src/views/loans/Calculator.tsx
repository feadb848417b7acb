import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import type { CollateralAsset, LoanTerms } from '../../contract/loans.ts';
import { amountFor, collateralFor, quoteLoan } from '../../contract/loanMath.ts';
import screens from '../screens/screens.module.css';
import wallet from '../wallet/wallet.module.css';
import { pct, usdt, useWhen } from '../smart/format.ts';
import { LtvGauge } from './LtvGauge.tsx';
import styles from './loans.module.css';

export interface BorrowChoice { collateralAsset: CollateralAsset; amount: string; days: number; collateral: string }

const decimalText = /^[0-9]{1,20}(\.[0-9]{1,18})?$/;
const asDecimal = (v: string) => (decimalText.test(v.trim()) ? new Decimal(v.trim()) : null);

/**
 * The borrow calculator: amount ↔ collateral at the live feed price and the initial LTV, the
 * term, and what it costs (interest, repayment, due date, the prices of the margin call and the
 * liquidation) with the service's own arithmetic (loanMath). Without a price it says so and
 * computes nothing.
 */
export function Calculator(props: {
  terms: LoanTerms;
  prices: Record<CollateralAsset, string | null>;
  available: Record<CollateralAsset, string | null>;
  asset: CollateralAsset;
  onAsset: (a: CollateralAsset) => void;
  canContinue: boolean;
  onContinue: (c: BorrowChoice) => void;
}) {
  const { terms, prices, available, asset, onAsset } = props;
  const { t } = useTranslation();
  const when = useWhen();
  const [days, setDays] = useState(terms.days.includes(30) ? 30 : terms.days[0]);
  const [amount, setAmount] = useState('');
  const [collateral, setCollateral] = useState('');
  const [startMs] = useState(() => Date.now());
  const price = prices[asset];
  const rates = { ...terms, days };

  const fromAmount = (v: string) => {
    setAmount(v);
    const a = asDecimal(v);
    setCollateral(a && price && a.gt(0) ? collateralFor(a.toFixed(), price, terms.initialLtv) : '');
  };
  const fromCollateral = (v: string) => {
    setCollateral(v);
    const c = asDecimal(v);
    setAmount(c && price && c.gt(0) ? new Decimal(amountFor(c.toFixed(), price, terms.initialLtv)).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2) : '');
  };
  const a = asDecimal(amount);
  const inRange = a !== null && a.gte(terms.minAmount) && a.lte(terms.maxAmount) && a.decimalPlaces() <= 6;
  const q = inRange && price ? quoteLoan(a.toFixed(), price, { ...rates }, startMs) : null;
  const have = available[asset];
  const enough = q && have !== null ? new Decimal(have).gte(q.collateralAmount) : false;

  return (
    <form className={styles.form} noValidate aria-label={t('loan.calcTitle')} data-testid="loan-calc"
      onSubmit={(e) => {
        e.preventDefault();
        if (q && enough) props.onContinue({ collateralAsset: asset, amount: a!.toFixed(), days, collateral: q.collateralAmount });
      }}>
      <div className={styles.pair}>
        <label className={screens.field}>
          <span>{t('loan.collateralAsset')}</span>
          <select value={asset} onChange={(e) => { onAsset(e.target.value as CollateralAsset); setAmount(''); setCollateral(''); }} data-testid="loan-asset">
            {terms.collateralAssets.map((x) => <option key={x} value={x}>{x}</option>)}
          </select>
        </label>
        <label className={screens.field}>
          <span>{t('loan.term')}</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="loan-days">
            {terms.days.map((d) => <option key={d} value={d}>{t('loan.days', { n: d })}</option>)}
          </select>
        </label>
      </div>
      <div className={styles.pair}>
        <label className={screens.field}>
          <span>{t('loan.amount')} (USDT)</span>
          <input inputMode="decimal" autoComplete="off" maxLength={40} value={amount} onChange={(e) => fromAmount(e.target.value)}
            placeholder={`${Number(terms.minAmount)} – ${Number(terms.maxAmount)}`} data-testid="loan-amount" aria-describedby="loan-range" />
        </label>
        <label className={screens.field}>
          <span>{t('loan.collateral')} ({asset})</span>
          <input inputMode="decimal" autoComplete="off" maxLength={40} value={collateral} onChange={(e) => fromCollateral(e.target.value)} data-testid="loan-collateral" />
        </label>
      </div>
      <small id="loan-range" className={wallet.hint}>
        {t('loan.range', { min: usdt(terms.minAmount, 0), max: usdt(terms.maxAmount, 0) })}
        {have !== null && <> · {t('loan.availableCollateral', { amount: `${have} ${asset}` })}</>}
      </small>
      {price === null && <p className={screens.formError} role="alert" data-testid="loan-no-price">{t('loan.noPrice')}</p>}
      <LtvGauge ltv={q ? q.ltv : terms.initialLtv} terms={terms} />
      <dl className={wallet.quote} data-testid="loan-quote">
        <div><dt>{t('loan.price', { asset })}</dt><dd className="num" data-testid="loan-price">{price ? usdt(price) : '—'}</dd></div>
        <div><dt>{t('loan.collateralNeeded')}</dt><dd className="num" data-testid="loan-collateral-needed">{q ? `${q.collateralAmount} ${asset}` : '—'}</dd></div>
        <div><dt>{t('loan.dailyRate')}</dt><dd className="num">{pct(terms.dailyRate)}</dd></div>
        <div><dt>{t('loan.interestFree')}</dt><dd className="num">{t('loan.days', { n: terms.interestFreeDays })}</dd></div>
        <div><dt>{t('loan.interest')}</dt><dd className="num" data-testid="loan-interest">{q ? usdt(q.interest, 6) : '—'}</dd></div>
        <div><dt>{t('loan.repayment')}</dt><dd className="num" data-testid="loan-repayment">{q ? usdt(q.repaymentAmount, 6) : '—'}</dd></div>
        <div><dt>{t('loan.dueDate')}</dt><dd className="num">{when(startMs + days * 86_400_000, true)}</dd></div>
        <div><dt>{t('loan.overlayRate')}</dt><dd className="num">{pct(terms.overlayRate)}</dd></div>
        <div><dt>{t('loan.marginCallPrice')}</dt><dd className="num">{q?.marginCallPrice ? usdt(q.marginCallPrice) : '—'}</dd></div>
        <div><dt>{t('loan.liquidationPrice')}</dt><dd className="num" data-testid="loan-liq-price">{q?.liquidationPrice ? usdt(q.liquidationPrice) : '—'}</dd></div>
      </dl>
      <p className={styles.muted}>{t('loan.dueNote')}</p>
      {q && !enough && have !== null && <p className={screens.formError} role="alert" data-testid="loan-not-enough">{t('errors:10011')}</p>}
      {props.canContinue && (
        <button type="submit" className={screens.submit} disabled={!q || !enough} data-testid="loan-continue">{t('loan.continue')}</button>
      )}
    </form>
  );
}
