import { INTERVAL_MS, type Interval } from '../../src/contract/market.ts';
import { seededNormal } from './prng.ts';

/**
 * Generated price history before an instrument's first listing (docs/market.md, "History").
 *
 * The simulator's GBM is run BACKWARDS from the anchor (first listing time and price), so the
 * history ends exactly where the live feed starts. Resolution falls with age, which keeps the
 * whole thing cheap enough to compute on demand instead of storing millions of rows:
 *   minutes for the last 7 days (+ the anchor's day), hours back to day 120, days back to day 730.
 * Every interval is aggregated from the units no longer than itself, so 1m-30m candles reach
 * back 7 days, 1h/4h 120 days, 1d/1w 730 days. Same seed + anchor => same history, always.
 */
export interface HistorySpec {
  code: string;
  seed: string;
  /** ms since epoch, minute-aligned. History covers [.., anchorAt). */
  anchorAt: number;
  anchorPrice: number;
  volatility: number;
  dailyTurnover: number;
}

export interface Units {
  t: Float64Array;
  dur: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
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
 * The units of one instrument, oldest first. With `recentMs`, only the newest minutes (at most
 * that far back): identical to the tail of the full series, since the walk starts at the anchor.
 */
export function generateUnits(spec: HistorySpec, recentMs?: number): Units {
  const day0 = Math.floor(spec.anchorAt / DAY) * DAY;
  const minuteFrom = day0 - MINUTE_DAYS * DAY;
  const hourFrom = day0 - HOUR_DAYS * DAY;
  const allMinutes = Math.max(0, Math.round((spec.anchorAt - minuteFrom) / MIN));
  const nMin = recentMs === undefined ? allMinutes : Math.min(allMinutes, Math.ceil(recentMs / MIN));
  const nHour = recentMs === undefined ? (HOUR_DAYS - MINUTE_DAYS) * 24 : 0;
  const nDay = recentMs === undefined ? DAY_DAYS - HOUR_DAYS : 0;
  const n = nMin + nHour + nDay;
  const u: Units = {
    t: new Float64Array(n), dur: new Float64Array(n), o: new Float64Array(n), h: new Float64Array(n),
    l: new Float64Array(n), c: new Float64Array(n), v: new Float64Array(n), length: n,
  };
  const z = seededNormal(spec.seed, spec.code, 'history');
  let close = spec.anchorPrice;
  let i = n - 1;
  // newest first: fill from the end of the arrays
  const walk = (count: number, dur: number, end: number) => {
    const sigma = spec.volatility * Math.sqrt(dur / YEAR);
    const baseVolume = (spec.dailyTurnover * dur) / DAY;
    for (let k = 0; k < count; k++, i--) {
      const open = close * Math.exp(-sigma * z());
      const wick = 0.5 * sigma;
      u.t[i] = end - (k + 1) * dur;
      u.dur[i] = dur;
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
  for (let i = start; i < units.length; i++) {
    if (units.dur[i] > ms) continue;
    const b = bucketStart(units.t[i], interval);
    if (b > to) break;
    if (!cur || cur.time !== b) {
      if (cur && cur.time >= from) out.push(cur);
      cur = { time: b, open: units.o[i], high: units.h[i], low: units.l[i], close: units.c[i], volume: units.v[i] };
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
    const key = `${spec.code}|${spec.seed}|${spec.anchorAt}|${spec.anchorPrice}`;
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
