/**
 * Trigger benchmark (npm run bench:triggers). Not part of the test suite; CPU only, no database.
 *
 * POSITIONS open options positions (default 100,000) over the whole catalogue, then a replay of
 * TICKS feed ticks: a seeded random walk (geometric Brownian motion with each instrument's
 * catalogue volatility, times VOL_SCALE) on a simulated clock where the catalogue ticks about once
 * per second per instrument. Busier instruments hold more positions and tick more often: weights
 * 1 / (catalogue rank + 1)^0.8, so BTCUSDT holds about 5%. Levels are what real orders get:
 * stop-out at 90% of the margin for a leverage from the type's choices, a stop-loss (60%) between
 * it and the open price, a take-profit (60%) 0.1-5% away, expiries spread over the periods as if
 * the positions were opened earlier.
 *
 * The same tick stream is evaluated twice in the same run, each pass from the same open set:
 *   - index: TriggerIndex.crossedBy(code, price) + expiredBy(now) (server/trading/triggers);
 *   - full scan: one loop over every open position with the same exact integer comparisons
 *     (levels scaled to integers once at open, like the index; the tick price per tick).
 * A pass per evaluator, so neither runs with the other's working set in the cache. Each closed
 * position is replaced by the next one of a seeded stream at the current price (outside the
 * timed part), so the open count stays; both passes must close the same positions at every tick
 * (checked).
 *
 * Env: BENCH_POSITIONS (default 100000), BENCH_TICKS (default 3000), BENCH_SEED (default 1),
 * BENCH_VOL_SCALE (default 1; 20 makes a stormy market with many closes per tick),
 * BENCH_MAX_S (time budget per pass, default 25, capped at 25).
 */
import os from 'node:os';
import { CATALOGUE, type CatalogueEntry } from '../server/market/catalogue/index.ts';
import { mulberry32 } from '../server/market/feed/prng.ts';
import { feedReplay, priceText, SEED, TICKS, VOL_SCALE, WARMUP, weightedInstrument, type FeedTick } from './feedReplay.ts';
import { compareAndPrint, ScanRows, timedPass } from './passes.ts';
import { scalePrice, TriggerIndex, type TriggerReason, type WatchedPosition } from '../server/trading/triggers/index.ts';

const POSITIONS = Math.min(500_000, Number(process.env.BENCH_POSITIONS ?? 100_000));
const T0 = Date.UTC(2026, 0, 5, 12);
const PERIODS_S = [60, 300, 900, 3600, 14400, 86400];
const LEVERAGE: Record<CatalogueEntry['type'], number[]> = {
  crypto: [1, 2, 5, 10, 20],
  forex: [1, 10, 30, 50],
  stock: [1, 2, 5],
  etf: [1, 2, 5],
  futures: [1, 5, 10],
};

/** A seeded stream of new positions at the given current prices. */
function positionStream(seed: number) {
  const uniform = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(uniform() * xs.length)];
  let n = 0;
  return (prices: readonly number[], now: number, openedEarlier: boolean): WatchedPosition => {
    const i = weightedInstrument(uniform);
    const open = prices[i];
    const up = uniform() < 0.5;
    const dir = up ? 1 : -1;
    const leverage = pick(LEVERAGE[CATALOGUE[i].type]);
    const stopOutDistance = 0.9 / leverage;
    const slDistance = 0.001 + uniform() * Math.max(0, stopOutDistance * 0.9 - 0.001);
    const tpDistance = 0.001 + uniform() * 0.049;
    const period = pick(PERIODS_S) * 1000;
    return {
      id: `o${openedEarlier ? '' : 'n'}${n++}`,
      code: CATALOGUE[i].code,
      direction: up ? 'up' : 'down',
      stopOut: priceText(i, open * (1 - dir * stopOutDistance)),
      stopLoss: uniform() < 0.6 ? priceText(i, open * (1 - dir * slDistance)) : null,
      takeProfit: uniform() < 0.6 ? priceText(i, open * (1 + dir * tpDistance)) : null,
      expiresAt: now + (openedEarlier ? Math.ceil(uniform() * period) : period),
    };
  };
}

type Tick = FeedTick;

type Closed = { id: string; reason: TriggerReason | 'expiry' };
interface Evaluator {
  add(p: WatchedPosition): void;
  tick(t: Tick): Closed[];
  readonly size: number;
}

class IndexEvaluator implements Evaluator {
  readonly index = new TriggerIndex();
  get size() {
    return this.index.size;
  }
  add(p: WatchedPosition) {
    this.index.add(p);
  }
  tick(t: Tick): Closed[] {
    const closed: Closed[] = this.index.crossedBy(t.code, t.price);
    for (const id of this.index.expiredBy(t.now)) closed.push({ id, reason: 'expiry' });
    return closed;
  }
}

/** The baseline: every open position in one array, levels as scaled integers. */
interface Scanned {
  id: string;
  code: string;
  up: boolean;
  sl: bigint | null;
  tp: bigint | null;
  so: bigint;
  exp: number;
}
class FullScan extends ScanRows<WatchedPosition, Scanned> implements Evaluator {
  constructor() {
    super((p) => ({
      id: p.id,
      code: p.code,
      up: p.direction === 'up',
      exp: p.expiresAt,
      so: scalePrice(p.stopOut),
      sl: p.stopLoss === null ? null : scalePrice(p.stopLoss),
      tp: p.takeProfit === null ? null : scalePrice(p.takeProfit),
    }));
  }
  tick(t: Tick): Closed[] {
    const at = scalePrice(t.price);
    const rows = this.rows;
    const out: Closed[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (r.code === t.code) {
        const reason: TriggerReason | null = r.up
          ? r.sl !== null && at <= r.sl
            ? 'stop_loss'
            : at <= r.so
              ? 'stop_out'
              : r.tp !== null && at >= r.tp
                ? 'take_profit'
                : null
          : r.sl !== null && at >= r.sl
            ? 'stop_loss'
            : at >= r.so
              ? 'stop_out'
              : r.tp !== null && at <= r.tp
                ? 'take_profit'
                : null;
        if (reason) {
          out.push({ id: r.id, reason });
          continue;
        }
      }
      if (r.exp <= t.now) out.push({ id: r.id, reason: 'expiry' });
    }
    for (const c of out) this.remove(c.id); // O(1) each: swap with the last row
    return out;
  }
}

/** One pass over the ticks: per-tick time and what each tick closed (sorted, for the check). */
function pass(ev: Evaluator, initial: readonly WatchedPosition[], ticks: readonly Tick[]) {
  for (const p of initial) ev.add(p);
  const next = positionStream(SEED + 3);
  const prices = CATALOGUE.map((e) => e.refPrice);
  const result = timedPass(
    ticks,
    prices,
    (t) => ev.tick(t),
    (c) => `${c.id}:${c.reason}`,
    (out, t) => {
      for (let j = 0; j < out.length; j++) ev.add(next(prices, t.now, false));
    },
  );
  if (ev.size !== POSITIONS) throw new Error('open count drifted');
  return result;
}

console.log(
  `bench:triggers: ${POSITIONS} positions over ${CATALOGUE.length} instruments, ${TICKS} ticks (seed ${SEED}, volatility x${VOL_SCALE}), ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}`,
);
const opening = positionStream(SEED);
const start = CATALOGUE.map((e) => e.refPrice);
const initial = Array.from({ length: POSITIONS }, () => opening(start, T0, true));
const ticks = feedReplay(WARMUP + TICKS, T0);

let t = performance.now();
const byIndex = pass(new IndexEvaluator(), initial, ticks);
const indexPassS = (performance.now() - t) / 1000;
t = performance.now();
const byScan = pass(new FullScan(), initial, ticks);
const scanPassS = (performance.now() - t) / 1000;

compareAndPrint(
  'trigger index',
  byIndex,
  byScan,
  ticks,
  (n, closed) =>
    `passes: index ${indexPassS.toFixed(1)} s (with building it), full scan ${scanPassS.toFixed(1)} s\n\n${n} ticks measured (after ${WARMUP} warm-up), ${closed} positions closed and replaced (same in both), ${POSITIONS} open throughout:`,
);
