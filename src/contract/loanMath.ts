/**
 * The arithmetic of loans (docs/loans.md), shared by the service and the app's calculator so both
 * show the same figures. Exact decimals (decimal.js) on decimal strings. USDT keeps 6 places,
 * BTC and ETH 8. Rounding always favours the borrower except collateral, which is rounded up so
 * that the loan never starts above the initial LTV.
 */
import Decimal from 'decimal.js';
import { ASSET_DECIMALS } from './constants.ts';
import { DAY_MS } from './smart.ts';

export { DAY_MS };
const USDT = ASSET_DECIMALS.USDT;
const COIN = ASSET_DECIMALS.BTC;

/** The numbers a loan is made with (copied into the loan at submission). */
export interface LoanRates {
  days: number;
  dailyRate: string;
  interestFreeDays: number;
  overlayRate: string;
}

/** 64 significant digits: products and quotients of 8-place amounts and prices stay exact before rounding. */
const D = Decimal.clone({ precision: 64 });
const d = (v: Decimal.Value): Decimal => new D(v);
export const usdt = (v: Decimal.Value) => d(v).toDecimalPlaces(USDT, Decimal.ROUND_DOWN).toFixed(USDT);
export const coin = (v: Decimal.Value) => d(v).toDecimalPlaces(COIN, Decimal.ROUND_DOWN).toFixed(COIN);

/** Collateral needed so that amount ÷ (collateral × price) is at most `ltv`: rounded up to 8 places. */
export function collateralFor(amount: string, price: string, ltv: string): string {
  return d(amount).div(d(price).mul(ltv)).toDecimalPlaces(COIN, Decimal.ROUND_UP).toFixed(COIN);
}

/** The largest amount `collateral` backs at `ltv`: rounded down to 6 places. */
export function amountFor(collateral: string, price: string, ltv: string): string {
  return usdt(d(collateral).mul(price).mul(ltv));
}

/** The rate of day `n` (1-based) of a loan: nothing in the interest-free days, the overlay rate past the due date. */
export function rateOfDay(r: LoanRates, n: number): string {
  if (n <= r.interestFreeDays) return '0';
  return n <= r.days ? r.dailyRate : r.overlayRate;
}

/** One day's interest on `principal` at `rate`, rounded down to 6 places. */
export function dayInterest(principal: string, rate: string): string {
  return usdt(d(principal).mul(rate));
}

/** Interest over the whole term when nothing is repaid early: one day's interest × the days charged. */
export function termInterest(amount: string, r: LoanRates): string {
  const charged = Math.max(0, r.days - r.interestFreeDays);
  return usdt(d(dayInterest(amount, r.dailyRate)).mul(charged));
}

/** debt ÷ (collateral × price); null without a price or collateral. Exact (compare it, round only to show). */
export function ltvOf(debt: Decimal.Value, collateral: Decimal.Value, price: Decimal.Value | null): Decimal | null {
  if (price === null) return null;
  const value = d(collateral).mul(price);
  return value.lte(0) ? null : d(debt).div(value);
}

/** An LTV to show: a fraction with 6 places, rounded up (never looks safer than it is). */
export function showLtv(ltv: Decimal): string;
export function showLtv(ltv: Decimal | null): string | null;
export function showLtv(ltv: Decimal | null): string | null {
  return ltv === null ? null : ltv.toDecimalPlaces(6, Decimal.ROUND_UP).toFixed();
}

/** The price at or below which the LTV reaches `ltv`: debt ÷ (collateral × ltv), 2 places rounded up. */
export function priceAtLtv(debt: string, collateral: string, ltv: string): string | null {
  if (d(collateral).lte(0)) return null;
  return d(debt).div(d(collateral).mul(ltv)).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
}

export interface LoanQuote {
  amount: string;
  collateralAmount: string;
  interest: string;
  repaymentAmount: string;
  /** times (ms) counted from `start` (the approval, for a real loan) */
  interestStart: number;
  dueDate: number;
  ltv: string;
  liquidationPrice: string | null;
  marginCallPrice: string | null;
}

/** What borrowing `amount` for `r.days` at `price` means, counted from `start`. */
export function quoteLoan(
  amount: string,
  price: string,
  r: LoanRates & { initialLtv: string; marginCallLtv: string; liquidationLtv: string },
  start: number,
): LoanQuote {
  const collateralAmount = collateralFor(amount, price, r.initialLtv);
  const interest = termInterest(amount, r);
  return {
    amount: usdt(amount),
    collateralAmount,
    interest,
    repaymentAmount: usdt(d(amount).add(interest)),
    interestStart: start + r.interestFreeDays * DAY_MS,
    dueDate: start + r.days * DAY_MS,
    ltv: showLtv(ltvOf(amount, collateralAmount, price)) ?? '0',
    liquidationPrice: priceAtLtv(amount, collateralAmount, r.liquidationLtv),
    marginCallPrice: priceAtLtv(amount, collateralAmount, r.marginCallLtv),
  };
}

/** A repayment split: interest first, then principal. `amount` must not exceed the debt. */
export function repaySplit(amount: string, interestDue: string, principal: string): { interest: string; principal: string } {
  const toInterest = D.min(d(amount), d(interestDue));
  const toPrincipal = D.min(d(amount).sub(toInterest), d(principal));
  return { interest: usdt(toInterest), principal: usdt(toPrincipal) };
}

export interface LiquidationSale {
  /** collateral sold */
  sold: string;
  /** sold × price, 6 places down */
  proceeds: string;
  /** of the proceeds: to interest, to principal, the fee, and what goes back to the borrower */
  interest: string;
  principal: string;
  fee: string;
  returned: string;
  /** debt the proceeds did not cover (full liquidation only) */
  shortfall: string;
  full: boolean;
}

/**
 * What the liquidation at `price` sells. Partial: just enough collateral to bring the LTV back to
 * `targetLtv` with the fee on the part of the debt it repays (sold value = repaid × (1 + fee)).
 * Full (when asked, or when a partial sale could not restore the target): everything, the debt
 * paid interest first, then the fee of `fee` × debt, then the rest back to the borrower.
 */
export function liquidationSale(o: {
  interest: string;
  principal: string;
  collateral: string;
  price: string;
  targetLtv: string;
  fee: string;
  full: boolean;
}): LiquidationSale {
  const debt = d(o.interest).add(o.principal);
  const value = d(o.collateral).mul(o.price);
  const onePlusFee = d(1).add(o.fee);
  if (!o.full) {
    // debt − R = target × (value − R × (1 + fee))  ⇒  R = (debt − target × value) ÷ (1 − target × (1 + fee))
    const denominator = d(1).sub(d(o.targetLtv).mul(onePlusFee));
    const repay = denominator.gt(0) ? debt.sub(d(o.targetLtv).mul(value)).div(denominator) : null;
    if (repay !== null && repay.gt(0) && repay.lt(debt)) {
      const sold = D.min(repay.mul(onePlusFee).div(o.price).toDecimalPlaces(COIN, Decimal.ROUND_UP), d(o.collateral));
      if (sold.lt(o.collateral)) {
        const proceeds = d(usdt(sold.mul(o.price)));
        const repaid = d(usdt(proceeds.div(onePlusFee)));
        const split = repaySplit(repaid.toFixed(), o.interest, o.principal);
        return {
          sold: sold.toFixed(COIN),
          proceeds: proceeds.toFixed(USDT),
          ...split,
          fee: usdt(proceeds.sub(repaid)),
          returned: usdt(0),
          shortfall: usdt(0),
          full: false,
        };
      }
    }
  }
  const proceeds = d(usdt(value));
  const split = repaySplit(D.min(proceeds, debt).toFixed(), o.interest, o.principal);
  const left = proceeds.sub(split.interest).sub(split.principal);
  const fee = D.min(left, d(usdt(debt.mul(o.fee))));
  return {
    sold: d(o.collateral).toFixed(COIN),
    proceeds: proceeds.toFixed(USDT),
    ...split,
    fee: usdt(fee),
    returned: usdt(left.sub(fee)),
    shortfall: usdt(D.max(0, debt.sub(proceeds))),
    full: true,
  };
}
