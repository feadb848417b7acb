/**
 * The smart plans' arithmetic, shared by the service (what moves) and the app (what the buy
 * form and the exit dialog show), so a preview is the same figure the ledger will move.
 * Decimal strings in and out, never floats; USDT's 6 places, rounded down (toward the reserve
 * for yield, toward the user for the penalty).
 */
import Decimal from 'decimal.js';
import { ASSET_DECIMALS } from './constants.ts';
import { DAY_MS, DAYS_PER_YEAR } from './smart.ts';

const PLACES = ASSET_DECIMALS.USDT;
/** 64 significant digits: amounts below 1e20 at 6 places times a 10-place rate stay exact. */
const Exact = Decimal.clone({ precision: 64 });
const down = (d: Decimal) => d.toDecimalPlaces(PLACES, Decimal.ROUND_DOWN);
const money = (d: Decimal) => d.toFixed(PLACES);

/** One day's payout: amount × dailyRate, rounded down to 6 places. */
export const dailyEarning = (amount: string, dailyRate: string): string => money(down(new Exact(amount).mul(dailyRate)));

/**
 * The whole promised yield: one day's payout × days. Rounding each day first makes the sum of
 * the payouts exactly what is set aside (never a millionth more than the reserve gave).
 */
export const expectedProfit = (amount: string, dailyRate: string, days: number): string =>
  money(new Exact(dailyEarning(amount, dailyRate)).mul(days));

/** The simple annual equivalent of a daily rate (× 365, not compounded: payouts are not reinvested), as a fraction. */
export const annualRate = (dailyRate: string): string => new Exact(dailyRate).mul(DAYS_PER_YEAR).toFixed();

/** A fraction as a percentage for display ("0.0001" → "0.01"), without trailing zeros. */
export const percent = (fraction: string): string => new Exact(fraction).mul(100).toFixed();

/** Early exit: penalty = principal × penalty rate (rounded down), refund = principal − penalty. */
export function exitSplit(amount: string, penaltyRate: string): { penalty: string; refund: string } {
  const penalty = down(new Exact(amount).mul(penaltyRate));
  return { penalty: money(penalty), refund: money(new Exact(amount).sub(penalty)) };
}

/** The largest principal whose promised yield `reserve` can back on this term, capped at `max`. */
export function coveredAmount(reserve: string, dailyRate: string, days: number, max: string): string {
  const r = new Exact(reserve);
  if (r.lte(0)) return money(new Exact(0));
  // floor(A × rate) × days ≤ A × rate × days ≤ reserve
  const a = down(r.div(new Exact(dailyRate).mul(days)));
  return money(Decimal.min(a, new Exact(max)));
}

/** Days whose earning time (start + n days) has come by `now`, at most the term. */
export const dueDays = (startMs: number, days: number, now: number): number =>
  Math.max(0, Math.min(days, Math.floor((now - startMs) / DAY_MS)));

/** The time of day `n`'s payout. */
export const earningTime = (startMs: number, n: number): number => startMs + n * DAY_MS;

export interface ScheduleRow {
  day: number;
  time: number;
  earning: string;
  cumulative: string;
}

/** Every payout of a plan, with the running total: the buy form's chart and the plan's progress. */
export function earningsSchedule(amount: string, dailyRate: string, days: number, startMs: number): ScheduleRow[] {
  const each = dailyEarning(amount, dailyRate);
  const rows: ScheduleRow[] = [];
  for (let day = 1; day <= days; day++) {
    rows.push({ day, time: earningTime(startMs, day), earning: each, cumulative: money(new Exact(each).mul(day)) });
  }
  return rows;
}

/** What was paid on the UTC day of `now`: the payouts among the paid ones whose time falls on it. */
export function todayEarnings(startMs: number, daysPaid: number, each: string, now: number): string {
  const dayStart = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
  let n = 0;
  for (let k = daysPaid; k >= 1; k--) {
    const t = earningTime(startMs, k);
    if (t < dayStart) break;
    if (t <= now) n++;
  }
  return money(new Exact(each).mul(n));
}
