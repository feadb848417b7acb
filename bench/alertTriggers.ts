/**
 * Price-alert benchmark, the second half of `npm run bench:triggers` (docs/performance.md). Not
 * part of the test suite; CPU only, no database.
 *
 * ALERTS active alerts (default 100,000) over the whole catalogue, busier instruments holding more
 * (weights 1 / (rank + 1)^0.8, as bench/triggers.ts): a third each "above" a price (0.01–2 % over
 * the reference), "below" one (0.01–2 % under), and a 24-hour move of 0.1–3 %. A seeded replay of
 * TICKS feed ticks (geometric Brownian motion with each instrument's catalogue volatility × VOL_SCALE,
 * the 24-hour move measured from the reference price) is evaluated twice from the same alerts:
 *   - index: AlertIndex.reachedBy(code, price, move) (server/alerts/alertIndex.ts), what the
 *     alert watcher runs per tick;
 *   - full scan: one loop over every active alert with the same exact integer comparisons.
 * Each fired alert is replaced by a new one (outside the timed part), so the count stays; both
 * passes must fire the same alerts at every tick (checked).
 *
 * Env: BENCH_ALERTS (default 100000), BENCH_TICKS (default 3000), BENCH_SEED (default 1),
 * BENCH_VOL_SCALE (default 1), BENCH_MAX_S (time budget per pass, default 25).
 */
import { AlertIndex, moveKey, type WatchedAlert } from '../server/alerts/alertIndex.ts';
import { CATALOGUE } from '../server/market/catalogue/index.ts';
import { mulberry32 } from '../server/market/feed/prng.ts';
import { feedReplay, priceText, SEED, TICKS, VOL_SCALE, WARMUP, weightedInstrument } from './feedReplay.ts';
import { compareAndPrint, ScanRows, timedPass } from './passes.ts';
import { scalePrice } from '../server/platform/priceScale.ts';

const ALERTS = Math.min(500_000, Number(process.env.BENCH_ALERTS ?? 100_000));

function alertStream(seed: number, prefix: string) {
  const uniform = mulberry32(seed);
  let n = 0;
  return (prices: readonly number[]): WatchedAlert => {
    const i = weightedInstrument(uniform);
    const k = uniform();
    const id = `${prefix}${n++}`;
    const code = CATALOGUE[i].code;
    if (k < 1 / 3) return { id, code, kind: 'above', value: priceText(i, prices[i] * (1.0001 + uniform() * 0.0199)) };
    if (k < 2 / 3) return { id, code, kind: 'below', value: priceText(i, prices[i] * (0.9999 - uniform() * 0.0199)) };
    return { id, code, kind: 'move', value: (0.1 + uniform() * 2.9).toFixed(2) };
  };
}

interface Tick {
  i: number;
  code: string;
  value: number;
  price: string;
  move: number;
}
/** The shared feed replay from 0, with each tick's 24-hour move from the reference price. */
const replay = (count: number): Tick[] =>
  feedReplay(count, 0).map(({ i, code, value, price }) => ({
    i,
    code,
    value,
    price,
    move: Number(((value / CATALOGUE[i].refPrice - 1) * 100).toFixed(2)),
  }));

interface Evaluator {
  add(a: WatchedAlert): void;
  tick(t: Tick): string[];
  readonly size: number;
}

class IndexEvaluator implements Evaluator {
  private readonly ix = new AlertIndex();
  get size() {
    return this.ix.size;
  }
  add(a: WatchedAlert) {
    this.ix.add(a);
  }
  tick(t: Tick) {
    return this.ix.reachedBy(t.code, t.price, t.move);
  }
}

/** The baseline: every active alert in one array, its value as a scaled integer. */
interface Scanned {
  id: string;
  code: string;
  kind: WatchedAlert['kind'];
  key: bigint;
}
class FullScan extends ScanRows<WatchedAlert, Scanned> implements Evaluator {
  constructor() {
    super((a) => ({ id: a.id, code: a.code, kind: a.kind, key: scalePrice(a.value) }));
  }
  tick(t: Tick) {
    const at = scalePrice(t.price);
    const move = moveKey(t.move);
    const out: string[] = [];
    const rows = this.rows;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (r.code !== t.code) continue;
      if (r.kind === 'above' ? at >= r.key : r.kind === 'below' ? at <= r.key : move >= r.key) out.push(r.id);
    }
    for (const id of out) this.remove(id);
    return out;
  }
}

function pass(ev: Evaluator, initial: readonly WatchedAlert[], ticks: readonly Tick[]) {
  for (const a of initial) ev.add(a);
  const next = alertStream(SEED + 3, 'n');
  const prices = CATALOGUE.map((e) => e.refPrice);
  const result = timedPass(
    ticks,
    prices,
    (t) => ev.tick(t),
    (id) => id,
    (out) => {
      for (let j = 0; j < out.length; j++) ev.add(next(prices));
    },
  );
  if (ev.size !== ALERTS) throw new Error('alert count drifted');
  return result;
}

console.log(
  `\nbench:triggers (alerts): ${ALERTS} price alerts over ${CATALOGUE.length} instruments, ${TICKS} ticks (seed ${SEED}, volatility x${VOL_SCALE})`,
);
const opening = alertStream(SEED, 'a');
const ref = CATALOGUE.map((e) => e.refPrice);
const initial = Array.from({ length: ALERTS }, () => opening(ref));
const ticks = replay(WARMUP + TICKS);
const byIndex = pass(new IndexEvaluator(), initial, ticks);
const byScan = pass(new FullScan(), initial, ticks);
compareAndPrint(
  'alert index',
  byIndex,
  byScan,
  ticks,
  (n, fired) =>
    `${n} ticks measured (after ${WARMUP} warm-up), ${fired} alerts fired and replaced (same in both), ${ALERTS} active throughout:`,
);
