import type { HoursKind } from '../catalogue/index.ts';
import { isOpenClock, newYorkClock } from './hours.ts';

/**
 * Market sessions in the form the simulator and the generated history need them: fast "is it
 * open at t", "how much of [a, b) was open", "when did it last trade". hours.ts stays the one
 * definition of the rules; this module only tabulates them.
 *
 * Every session boundary (09:30, 16:00, 17:00, 18:00 New York) falls on a UTC half-hour (New York
 * is a whole number of hours from UTC, and DST switches on a whole UTC hour), so a market is
 * either open or closed for a whole UTC half-hour. Each UTC day becomes 48 flags, computed once
 * per kind and kept (48 bytes a day: the 730 days of generated history are ~35 kB per kind).
 */
const HALF = 1_800_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;

/**
 * Share of the variance of closed time that shows up as the gap at the next open (the price
 * "moves overnight" by one draw of the same GBM over the closed time, scaled down). 1/8 makes an
 * overnight gap of a stock ~60% of its session's standard deviation and a weekend gap a bit
 * more than a session: close to what US equities show (overnight ≈ 20-30% of daily variance).
 */
export const GAP_VARIANCE_SHARE = 1 / 8;

const masks = new Map<HoursKind, Map<number, Uint8Array>>();

/** New York's offset at the first and last half-hour of each UTC day (shared by every kind). */
const dayOffsets = new Map<number, [number, number]>();
function offsetsOf(day: number): [number, number] {
  let o = dayOffsets.get(day);
  if (!o) dayOffsets.set(day, (o = [newYorkOffset(day * DAY), newYorkOffset(day * DAY + 47 * HALF)]));
  return o;
}

/** Minutes New York is ahead of UTC at t (negative: -300 EST, -240 EDT). */
function newYorkOffset(t: number): number {
  const d = new Date(t);
  const { day, minute } = newYorkClock(d);
  const utc = d.getUTCDay() * 1440 + d.getUTCHours() * 60 + d.getUTCMinutes();
  return ((day * 1440 + minute - utc + 10080 + 720) % 10080) - 720;
}

/** Open flags of the 48 half-hours of UTC day `day` (days since the epoch). */
export function dayMask(hours: HoursKind, day: number): Uint8Array {
  let byDay = masks.get(hours);
  if (!byDay) masks.set(hours, (byDay = new Map()));
  let mask = byDay.get(day);
  if (mask) return mask;
  mask = new Uint8Array(48);
  const start = day * DAY;
  if (hours === 'always') {
    mask.fill(1);
  } else {
    const [off, offLate] = offsetsOf(day);
    if (off === offLate) {
      // one offset all day (the usual case): the New York clock by arithmetic
      const utcDay = (day + 4) % 7; // 1970-01-01 was a Thursday
      for (let k = 0; k < 48; k++) {
        let m = k * 30 + off;
        let d = utcDay;
        if (m < 0) {
          m += 1440;
          d = (d + 6) % 7;
        } else if (m >= 1440) {
          m -= 1440;
          d = (d + 1) % 7;
        }
        mask[k] = isOpenClock(hours, d, m) ? 1 : 0;
      }
    } else {
      // a DST switch day: ask Intl for each half-hour
      for (let k = 0; k < 48; k++) {
        const { day: d, minute: m } = newYorkClock(new Date(start + k * HALF));
        mask[k] = isOpenClock(hours, d, m) ? 1 : 0;
      }
    }
  }
  byDay.set(day, mask);
  return mask;
}

/** Same answer as hours.ts isOpenAt, from the table. */
export function isOpenFast(hours: HoursKind, t: number): boolean {
  if (hours === 'always') return true;
  const day = Math.floor(t / DAY);
  return dayMask(hours, day)[Math.floor((t - day * DAY) / HALF)] === 1;
}

/** Milliseconds of [from, to) during which the market was open. */
export function openMsIn(hours: HoursKind, from: number, to: number): number {
  if (hours === 'always') return Math.max(0, to - from);
  let open = 0;
  for (let h = Math.floor(from / HALF) * HALF; h < to; h += HALF) {
    if (!isOpenFast(hours, h)) continue;
    open += Math.min(to, h + HALF) - Math.max(from, h);
  }
  return open;
}

/** Milliseconds of [from, to) during which the market was closed. */
export function closedMsIn(hours: HoursKind, from: number, to: number): number {
  return Math.max(0, to - from) - openMsIn(hours, from, to);
}

/** How far back the session look-ups search (the longest closure is a weekend: ~66 h). */
const LOOKBACK = 14 * DAY;

/**
 * The time the market's figures stand at: `t` while it is open, else the last millisecond before
 * it closed (Friday 15:59:59.999 New York for a stock on Sunday). 24h figures, the sparkline and
 * the newest candle of a closed market are taken at this time: they stay as they were at the close.
 */
export function lastTradingTime(hours: HoursKind, t: number): number {
  if (isOpenFast(hours, t)) return t;
  for (let h = Math.floor(t / HALF) * HALF - HALF; h > t - LOOKBACK; h -= HALF) {
    if (isOpenFast(hours, h)) return h + HALF - 1;
  }
  return t;
}

const openedMemo = new Map<HoursKind, { half: number; at: number }>();

/**
 * Start of the session in progress at t (-Infinity for markets that never close); undefined
 * when the market is closed. A market that just reopened is not stale before its first ticks
 * had the time to arrive.
 */
export function sessionStart(hours: HoursKind, t: number): number | undefined {
  if (hours === 'always') return -Infinity;
  if (!isOpenFast(hours, t)) return undefined;
  const half = Math.floor(t / HALF);
  const memo = openedMemo.get(hours);
  if (memo?.half === half) return memo.at;
  let h = half * HALF;
  while (h > t - LOOKBACK && isOpenFast(hours, h - HALF)) h -= HALF;
  openedMemo.set(hours, { half, at: h });
  return h;
}

const profiles = new Map<HoursKind, { openShare: number; sigmaScale: number; openMsPerTradingDay: number }>();

/**
 * How a market's hours shape its simulated prices:
 *  - openShare: the fraction of the week it is open (stocks 32.5 h of 168);
 *  - sigmaScale: multiplies the class volatility during open time so that a whole year (open time
 *    plus the gaps at reopening) still has the class's annual volatility sigma:
 *    sigma² = (s·sigma)² · (openShare + GAP_VARIANCE_SHARE · (1 - openShare)), so
 *    s = 1 / sqrt(openShare + GAP_VARIANCE_SHARE · (1 - openShare)) (stocks ≈ 1.84, forex ≈ 1.15);
 *  - openMsPerTradingDay: the catalogue's `dailyTurnover` is traded over this much open time
 *    (a stock's 6.5 h session, a forex day's 24 h, crypto's 24 h).
 * Counted from the tables over a reference week without a DST switch.
 */
export function sessionProfile(hours: HoursKind) {
  let p = profiles.get(hours);
  if (p) return p;
  const monday = Date.UTC(2025, 0, 6);
  const openMs = openMsIn(hours, monday, monday + WEEK);
  const openShare = openMs / WEEK;
  const tradingDays = hours === 'always' ? 7 : 5;
  p = {
    openShare,
    sigmaScale: 1 / Math.sqrt(openShare + GAP_VARIANCE_SHARE * (1 - openShare)),
    openMsPerTradingDay: openMs / tradingDays,
  };
  profiles.set(hours, p);
  return p;
}

/**
 * Standard deviation of the log gap at a reopening after `closedMs` of closure, for an annual
 * volatility `sigmaOpen` (already scaled by sigmaScale).
 */
export function gapSigma(sigmaOpen: number, closedMs: number): number {
  return sigmaOpen * Math.sqrt((GAP_VARIANCE_SHARE * closedMs) / YEAR);
}
