import { INTERVAL_MS, type Interval } from '../../../src/contract/market.ts';
import type { HoursKind } from '../catalogue/index.ts';
import { seededNormal } from '../feed/prng.ts';
import { gapSigma, isOpenFast, openMsIn, sessionProfile } from '../hours/tradingSessions.ts';

/**
 * Generated price history before an instrument's first listing (docs/market.md, "History").
 *
 * The simulator's GBM is run BACKWARDS from the anchor (first listing time and price), so the
 * history ends exactly where the live feed starts. Resolution falls with age, which keeps the
 * whole thing cheap enough to compute on demand instead of storing millions of rows:
 *   minutes for the last 7 days (+ the anchor's day), hours back to day 120, days back to day 730.
 * Every interval is aggregated from the units no longer than itself, so 1m-30m candles reach
 * back 7 days, 1h/4h 120 days, 1d/1w 730 days. Same seed + anchor => same history, always.
 *
 * Market hours: the walk advances only over open time, as the live simulator does. A unit's
 * move has the variance of the open time inside it (an hourly unit 09:00-10:00 of a stock moves
 * over its 30 open minutes); a unit with no open time is `closed`: flat at the last close with
 * zero volume. At each reopening the price gaps by one draw over the closed time
 * (hours/tradingSessions.ts GAP_VARIANCE_SHARE), except for the closure the anchor sits in: that gap is
 * the live simulator's, drawn when the market reopens.
 */
export interface HistorySpec {
  code: string;
  seed: string;
  /** ms since epoch, minute-aligned. History covers [.., anchorAt). */
  anchorAt: number;
  anchorPrice: number;
  volatility: number;
  dailyTurnover: number;
  /** Trading hours (default 'always': 24/7). */
  hours?: HoursKind;
}

export interface Units {
  t: Float64Array;
  dur: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
  /** 1 = the market was closed for the whole unit (flat, zero volume). */
  closed: Uint8Array;
  length: number;
}

export interface CandleNum {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const YEAR = 365 * DAY;
export const MINUTE_DAYS = 7;
export const HOUR_DAYS = 120;
export const DAY_DAYS = 730;

/** Start of the bucket of `interval` that contains t (weeks start Monday 00:00 UTC). */
export function bucketStart(t: number, interval: Interval): number {
  if (interval === '1w') {
    const monday = 4 * DAY; // 1970-01-05 was a Monday
    return Math.floor((t - monday) / INTERVAL_MS['1w']) * INTERVAL_MS['1w'] + monday;
  }
  const ms = INTERVAL_MS[interval];
  return Math.floor(t / ms) * ms;
}

/** Oldest time each interval has generated history for. */
export function historyStart(anchorAt: number, interval: Interval): number {
  const day0 = Math.floor(anchorAt / DAY) * DAY;
  const ms = INTERVAL_MS[interval];
  if (ms < HOUR) return day0 - MINUTE_DAYS * DAY;
  if (ms < DAY) return day0 - HOUR_DAYS * DAY;
  return day0 - DAY_DAYS * DAY;
}

/**
 * The units of one instrument, oldest first. With `recentMs`, only the newest minutes (that far
 * back, further if that point falls in a closure): identical to the tail of the full series,
 * since the walk starts at the anchor.
 */
export function generateUnits(spec: HistorySpec, recentMs?: number): Units {
  const day0 = Math.floor(spec.anchorAt / DAY) * DAY;
  const minuteFrom = day0 - MINUTE_DAYS * DAY;
  const hourFrom = day0 - HOUR_DAYS * DAY;
  const allMinutes = Math.max(0, Math.round((spec.anchorAt - minuteFrom) / MIN));
  let nMin = recentMs === undefined ? allMinutes : Math.min(allMinutes, Math.ceil(recentMs / MIN));
  // a recent-only walk must not stop inside a closure: its flat price is the close before it,
  // which only the open minute before the closure (and the gap draw) determine
  const hoursKind = spec.hours ?? 'always';
  if (hoursKind !== 'always') while (nMin < allMinutes && !isOpenFast(hoursKind, spec.anchorAt - nMin * MIN)) nMin++;
  const nHour = recentMs === undefined ? (HOUR_DAYS - MINUTE_DAYS) * 24 : 0;
  const nDay = recentMs === undefined ? DAY_DAYS - HOUR_DAYS : 0;
  const n = nMin + nHour + nDay;
  const u: Units = {
    t: new Float64Array(n),
    dur: new Float64Array(n),
    o: new Float64Array(n),
    h: new Float64Array(n),
    l: new Float64Array(n),
    c: new Float64Array(n),
    v: new Float64Array(n),
    closed: new Uint8Array(n),
    length: n,
  };
  const z = seededNormal(spec.seed, spec.code, 'history');
  const hours = hoursKind;
  const always = hours === 'always';
  const profile = sessionProfile(hours);
  const sigmaOpen = spec.volatility * profile.sigmaScale;
  let close = spec.anchorPrice;
  let i = n - 1;
  // closed units seen since the last open one (newer side): drawn flat once the price before
  // the closure is known, i.e. when the walk reaches the open unit before it
  let pendingTop = -1;
  let pendingMs = 0;
  let atAnchor = true; // the closure holding the anchor has no gap yet (see above)
  const settleClosure = (withGap: boolean) => {
    if (pendingTop < 0) return;
    if (withGap) close *= Math.exp(-gapSigma(sigmaOpen, pendingMs) * z());
    for (let k = pendingTop; k > i; k--) {
      u.o[k] = close;
      u.h[k] = close;
      u.l[k] = close;
      u.c[k] = close;
    }
    pendingTop = -1;
    pendingMs = 0;
  };
  // newest first: fill from the end of the arrays
  const walk = (count: number, dur: number, end: number) => {
    for (let k = 0; k < count; k++, i--) {
      const t = end - (k + 1) * dur;
      u.t[i] = t;
      u.dur[i] = dur;
      const openMs = always ? dur : openMsIn(hours, t, t + dur);
      if (openMs === 0) {
        u.closed[i] = 1;
        if (pendingTop < 0) pendingTop = i;
        pendingMs += dur;
        continue;
      }
      settleClosure(!atAnchor);
      atAnchor = false;
      const sigma = sigmaOpen * Math.sqrt(openMs / YEAR);
      const baseVolume = (spec.dailyTurnover * openMs) / profile.openMsPerTradingDay;
      const open = close * Math.exp(-sigma * z());
      const wick = 0.5 * sigma;
      u.o[i] = open;
      u.c[i] = close;
      u.h[i] = Math.max(open, close) * Math.exp(Math.abs(z()) * wick);
      u.l[i] = Math.min(open, close) * Math.exp(-Math.abs(z()) * wick);
      u.v[i] = (baseVolume / ((open + close) / 2)) * Math.exp(0.4 * z() - 0.08);
      close = open;
    }
  };
  walk(nMin, MIN, spec.anchorAt);
  walk(nHour, HOUR, minuteFrom);
  walk(nDay, DAY, hourFrom);
  settleClosure(false); // nothing older: the oldest closure is flat at the oldest price
  return u;
}

/** First index whose time is >= t (units are sorted by time). */
function lowerBound(arr: Float64Array, length: number, t: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Candles of `interval` whose bucket starts in [from, to], aggregated from the units no longer
 * than the interval. The bucket holding the anchor is partial (the live feed completes it).
 */
export function aggregate(units: Units, interval: Interval, from: number, to: number): CandleNum[] {
  const ms = INTERVAL_MS[interval];
  const out: CandleNum[] = [];
  const start = lowerBound(units.t, units.length, bucketStart(from, interval));
  let cur: CandleNum | undefined;
  // a bucket that started in closed time takes its open/high/low from its first open unit, so a
  // stock's daily candle opens at the session's (gapped) open, as exchanges draw it
  let flat = false;
  for (let i = start; i < units.length; i++) {
    if (units.dur[i] > ms) continue;
    const b = bucketStart(units.t[i], interval);
    if (b > to) break;
    const closed = units.closed[i] === 1;
    if (!cur || cur.time !== b) {
      if (cur && cur.time >= from) out.push(cur);
      cur = { time: b, open: units.o[i], high: units.h[i], low: units.l[i], close: units.c[i], volume: units.v[i] };
      flat = closed;
    } else if (closed) {
      // flat at the last close: changes nothing
    } else if (flat) {
      cur = { time: b, open: units.o[i], high: units.h[i], low: units.l[i], close: units.c[i], volume: cur.volume + units.v[i] };
      flat = false;
    } else {
      if (units.h[i] > cur.high) cur.high = units.h[i];
      if (units.l[i] < cur.low) cur.low = units.l[i];
      cur.close = units.c[i];
      cur.volume += units.v[i];
    }
  }
  if (cur && cur.time >= from && cur.time <= to) out.push(cur);
  return out;
}

/** Recently used instruments' units (about 0.9 MB each), so chart paging does not regenerate. */
export class HistoryCache {
  private readonly map = new Map<string, Units>();
  constructor(private readonly max = 48) {}
  get(spec: HistorySpec): Units {
    const key = `${spec.code}|${spec.seed}|${spec.anchorAt}|${spec.anchorPrice}|${spec.hours ?? 'always'}`;
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const units = generateUnits(spec);
    this.map.set(key, units);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
    return units;
  }
}
