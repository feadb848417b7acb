/**
 * What the index benchmarks (bench/triggers.ts, bench/alertTriggers.ts) share: the timed pass over
 * the replayed ticks, the full scan's rows, and the check and table that compare the two passes.
 */
import { MAX_S, TICKS, WARMUP } from './feedReplay.ts';

/**
 * One timed pass over the replayed ticks, within MAX_S: each tick moves its instrument's price in
 * `prices`, then only `tick` is timed. What a tick gave is kept as a sorted string (`key` of each),
 * so two evaluators can be checked tick by tick; `after` runs untimed (replacing what closed or fired).
 */
export function timedPass<T extends { i: number; value: number }, O>(
  ticks: readonly T[],
  prices: number[],
  tick: (t: T) => O[],
  key: (o: O) => string,
  after: (out: O[], t: T) => void,
): { ms: Float64Array; seen: string[] } {
  const ms = new Float64Array(ticks.length);
  const seen: string[] = [];
  const started = performance.now();
  let k = 0;
  for (; k < ticks.length && performance.now() - started < MAX_S * 1000; k++) {
    const t = ticks[k];
    prices[t.i] = t.value;
    const t0 = performance.now();
    const out = tick(t);
    ms[k] = performance.now() - t0;
    seen.push(out.map(key).sort().join(' '));
    after(out, t);
  }
  return { ms: ms.subarray(0, k), seen };
}

/** Median, 99th percentile and mean of per-tick times in µs (given in ms), and ticks per second. */
export function stats(ms: Float64Array) {
  const s = Float64Array.from(ms).sort();
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] * 1000;
  const total = s.reduce((a, b) => a + b, 0);
  return { p50: at(0.5), p99: at(0.99), mean: (total / s.length) * 1000, perSec: s.length / (total / 1000) };
}

/**
 * The full scans' rows: each item added becomes a row (`toRow`, its levels scaled to integers once),
 * kept in an array with each id's slot, so a row is removed in O(1) by swapping in the last.
 */
export class ScanRows<I, R extends { id: string }> {
  readonly rows: R[] = [];
  private readonly slot = new Map<string, number>();
  constructor(private readonly toRow: (item: I) => R) {}
  get size() {
    return this.rows.length;
  }
  add(item: I) {
    const r = this.toRow(item);
    this.slot.set(r.id, this.rows.length);
    this.rows.push(r);
  }
  remove(id: string) {
    const i = this.slot.get(id) as number;
    const last = this.rows.pop() as R;
    if (i < this.rows.length) {
      this.rows[i] = last;
      this.slot.set(last.id, i);
    }
    this.slot.delete(id);
  }
}

/** Two passes' results: per-tick times and what each tick gave. */
type Pass = { ms: Float64Array; seen: string[] };

/**
 * Checks that the index and the full scan gave the same at every measured tick, then prints the
 * sentence `describe(ticks measured, items closed or fired)` and their per-tick figures side by side.
 */
export function compareAndPrint(
  label: string,
  byIndex: Pass,
  byScan: Pass,
  ticks: readonly { code: string; price: string }[],
  describe: (measuredTicks: number, count: number) => string,
): void {
  const measured = Math.min(byIndex.ms.length, byScan.ms.length);
  for (let k = 0; k < measured; k++) {
    if (byIndex.seen[k] !== byScan.seen[k])
      throw new Error(`tick ${k} (${ticks[k].code} @ ${ticks[k].price}): index and full scan disagree`);
  }
  const count = byIndex.seen.slice(WARMUP, measured).reduce((n, c) => n + (c ? c.split(' ').length : 0), 0);
  const ix = stats(byIndex.ms.subarray(WARMUP, measured));
  const fs = stats(byScan.ms.subarray(WARMUP, measured));
  const f = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
  console.log(describe(measured - WARMUP, count));
  console.log('| per tick | p50 µs | p99 µs | mean µs | ticks/s |');
  console.log('|---|---|---|---|---|');
  console.log(`| ${label} | ${f(ix.p50)} | ${f(ix.p99)} | ${f(ix.mean)} | ${Math.round(ix.perSec)} |`);
  console.log(`| full scan | ${f(fs.p50)} | ${f(fs.p99)} | ${f(fs.mean)} | ${Math.round(fs.perSec)} |`);
  console.log(
    `| speed-up | ${(fs.p50 / ix.p50).toFixed(0)}× | ${(fs.p99 / ix.p99).toFixed(0)}× | ${(fs.mean / ix.mean).toFixed(0)}× | ${(ix.perSec / fs.perSec).toFixed(0)}× |`,
  );
  if (measured < WARMUP + TICKS) console.log(`(time budget ${MAX_S} s per pass reached: ${measured - WARMUP} of ${TICKS} ticks)`);
}
