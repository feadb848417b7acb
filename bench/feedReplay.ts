/**
 * What the trigger benchmarks share (bench/triggers.ts, bench/alertTriggers.ts): their settings,
 * the instruments' weights and the seeded feed replay, so both measure against the same market.
 *
 * Env: BENCH_TICKS (default 3000), BENCH_SEED (default 1), BENCH_VOL_SCALE (default 1),
 * BENCH_MAX_S (time budget per pass, default 25, capped at 25).
 */
import { CATALOGUE } from '../server/market/catalogue/index.ts';
import { mulberry32, normalStream } from '../server/market/feed/prng.ts';

export const TICKS = Math.min(50_000, Number(process.env.BENCH_TICKS ?? 3000));
export const SEED = Number(process.env.BENCH_SEED ?? 1);
export const VOL_SCALE = Number(process.env.BENCH_VOL_SCALE ?? 1);
export const MAX_S = Math.min(25, Number(process.env.BENCH_MAX_S ?? 25));
export const WARMUP = 100;
export const YEAR_MS = 365 * 24 * 3600 * 1000;
/** The whole catalogue ticks about once per second per instrument. */
export const TICK_MS = 1000 / CATALOGUE.length;

// instruments by weight 1 / (rank + 1)^0.8: cumulative table + binary search
const cumulative: number[] = [];
CATALOGUE.reduce((sum, _, i) => {
  cumulative.push(sum + 1 / (i + 1) ** 0.8);
  return cumulative[i];
}, 0);
export function weightedInstrument(uniform: () => number): number {
  const r = uniform() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const priceText = (i: number, p: number) => p.toFixed(CATALOGUE[i].pricePrecision);

export interface FeedTick {
  i: number;
  code: string;
  value: number;
  price: string;
  now: number;
}

/** The feed replay from t0: each tick moves one instrument by GBM over the time since its last tick. */
export function feedReplay(count: number, t0: number): FeedTick[] {
  const uniform = mulberry32(SEED + 1);
  const normal = normalStream(mulberry32(SEED + 2));
  const prices = CATALOGUE.map((e) => e.refPrice);
  const last = CATALOGUE.map(() => t0 - 1000);
  const ticks: FeedTick[] = [];
  for (let k = 1; k <= count; k++) {
    const now = t0 + k * TICK_MS;
    const i = weightedInstrument(uniform);
    const sigma = CATALOGUE[i].volatility * VOL_SCALE * Math.sqrt((now - last[i]) / YEAR_MS);
    prices[i] *= Math.exp(sigma * normal() - (sigma * sigma) / 2);
    last[i] = now;
    ticks.push({ i, code: CATALOGUE[i].code, value: prices[i], price: priceText(i, prices[i]), now });
  }
  return ticks;
}
