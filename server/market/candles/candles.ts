import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { marketCandles } from '../schema.ts';
import { INTERVALS, INTERVAL_MS, type Candle, type Interval } from '../../../src/contract/market.ts';
import { aggregate, bucketStart, historyStart, HistoryCache, type CandleNum } from './history.ts';
import { combine, historySpecOf, type InstrumentInfo } from '../quotes/state.ts';
import { lastTradingTime } from '../hours/tradingSessions.ts';
import type { FeedTick } from '../feed/feed.ts';

/**
 * Live candles: the leader aggregates every tick into the current bucket of each interval in
 * memory and writes the changed buckets in batched multi-row upserts every `flushMs` (not one
 * query per tick). Stored candles hold only what ticks produced; the generated history before
 * the first start is added at query time (history.ts), and the bucket that holds the anchor
 * is the two combined.
 */
type Live = CandleNum & { dirty: boolean };

// small statements with a pause between them: PGlite runs in this thread, so one huge upsert
// would stall the websocket fan-out for its whole duration
const ROWS_PER_STATEMENT = 250;
const COARSE = new Set<Interval>(['4h', '1d', '1w']);

export class CandleWriter {
  /** code -> interval -> current (and not yet written closed) buckets */
  private readonly live = new Map<string, Map<Interval, Live[]>>();

  constructor(
    private readonly db: Db,
    private readonly precisionOf: (code: string) => number,
  ) {}

  /** Continues the buckets a previous leader (or run) left in the table. */
  async init(codes: readonly string[], now: number): Promise<void> {
    const pairs = INTERVALS.map((iv) => sql`(${iv}, ${new Date(bucketStart(now, iv)).toISOString()}::timestamptz)`);
    type Row = {
      code: string;
      interval: Interval;
      time: Date | string;
      open: string;
      high: string;
      low: string;
      close: string;
      volume: string;
    };
    // both drivers (PGlite, node-postgres) answer execute() with { rows }
    const rows = (await this.db.execute(sql`
      SELECT m.code, m.interval, m.time, m.open, m.high, m.low, m.close, m.volume FROM instruments i
      CROSS JOIN LATERAL (SELECT * FROM market_candles c WHERE c.code = i.code AND (c.interval, c.time) IN (${sql.join(pairs, sql`, `)})) m`)) as unknown as {
      rows: Row[];
    };
    const wanted = new Set(codes);
    for (const r of rows.rows) {
      if (!wanted.has(r.code)) continue;
      this.bucketsOf(r.code, r.interval).push({
        time: new Date(r.time).getTime(),
        open: Number(r.open),
        high: Number(r.high),
        low: Number(r.low),
        close: Number(r.close),
        volume: Number(r.volume),
        dirty: false,
      });
    }
  }

  private bucketsOf(code: string, iv: Interval): Live[] {
    let m = this.live.get(code);
    if (!m) this.live.set(code, (m = new Map()));
    let list = m.get(iv);
    if (!list) m.set(iv, (list = []));
    return list;
  }

  add(ticks: readonly FeedTick[]): void {
    for (const t of ticks) {
      for (const iv of INTERVALS) {
        const list = this.bucketsOf(t.code, iv);
        const b = bucketStart(t.time, iv);
        const cur = list[list.length - 1];
        if (cur && cur.time === b) {
          if (t.price > cur.high) cur.high = t.price;
          if (t.price < cur.low) cur.low = t.price;
          cur.close = t.price;
          cur.volume += t.volume;
          cur.dirty = true;
        } else if (!cur || cur.time < b) {
          list.push({ time: b, open: t.price, high: t.price, low: t.price, close: t.price, volume: t.volume, dirty: true });
        }
      }
    }
  }

  /**
   * The in-memory buckets of code/interval between `from` and `to` (fresher than the table).
   * Besides the open bucket this includes buckets that closed since the last flush: without
   * them a query just after a bucket boundary would show a hole until the next write.
   */
  liveBuckets(code: string, iv: Interval, from: number, to: number): CandleNum[] {
    return (this.live.get(code)?.get(iv) ?? []).filter((b) => b.time >= from && b.time <= to);
  }

  /**
   * Writes the changed buckets; closed buckets are dropped from memory once written. With
   * `coarse` false the still-open 4h/1d/1w buckets wait for a later flush (they change every
   * second but matter little to a chart; the engine writes them every minute), which cuts the
   * rows written per flush from 8 to 5 per instrument.
   */
  async flush(coarse = true): Promise<number> {
    const rows: Array<typeof marketCandles.$inferInsert> = [];
    const written: Live[] = [];
    for (const [code, m] of this.live) {
      const p = this.precisionOf(code);
      for (const [iv, list] of m) {
        for (let k = 0; k < list.length; k++) {
          const b = list[k];
          if (!b.dirty) continue;
          if (!coarse && k === list.length - 1 && COARSE.has(iv)) continue;
          rows.push({
            code,
            interval: iv,
            time: new Date(b.time),
            open: b.open.toFixed(p),
            high: b.high.toFixed(p),
            low: b.low.toFixed(p),
            close: b.close.toFixed(p),
            volume: b.volume.toFixed(8),
          });
          written.push(b);
          b.dirty = false;
        }
      }
    }
    try {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        await this.db
          .insert(marketCandles)
          .values(rows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflictDoUpdate({
            target: [marketCandles.code, marketCandles.interval, marketCandles.time],
            set: {
              open: sql`excluded.open`,
              high: sql`excluded.high`,
              low: sql`excluded.low`,
              close: sql`excluded.close`,
              volume: sql`excluded.volume`,
            },
          });
        await new Promise((r) => setImmediate(r));
      }
    } catch (err) {
      for (const b of written) b.dirty = true; // try again next time
      throw err;
    }
    // keep the current bucket of each interval, and any older one a tick changed while we were
    // writing (it is dirty again: the next flush writes its final figures)
    for (const m of this.live.values()) {
      for (const list of m.values()) {
        if (list.length > 1) list.splice(0, list.length, ...list.filter((b, k) => b.dirty || k === list.length - 1));
      }
    }
    return rows.length;
  }
}

/** How long fine-grained candles are kept (coarser ones are kept for ever). */
export const RETENTION_DAYS: Partial<Record<Interval, number>> = { '1m': 8, '5m': 15, '15m': 40, '30m': 40 };

/** Deletes fine-grained candles past their retention (600 instruments make ~870k 1m rows a day). */
export async function pruneCandles(db: Db, now: number): Promise<void> {
  for (const [iv, days] of Object.entries(RETENTION_DAYS)) {
    await db
      .delete(marketCandles)
      .where(and(eq(marketCandles.interval, iv), lte(marketCandles.time, new Date(now - days * 86_400_000))));
  }
}

export interface CandleQuery {
  interval: Interval;
  from?: number;
  to?: number;
  limit: number;
}

/**
 * Generated history + stored candles + the leader's unwritten buckets, oldest first. Candles end
 * with the bucket in which the market last traded: now while it is open, its close while it is
 * closed (a stock on Sunday ends with Friday's last minute), as exchanges draw it; closed time
 * inside the range is flat at the last close with zero volume.
 */
export async function queryCandles(
  db: Db,
  history: HistoryCache,
  info: InstrumentInfo,
  q: CandleQuery,
  now: number,
  writer?: CandleWriter,
): Promise<Candle[]> {
  const ms = INTERVAL_MS[q.interval];
  const to = Math.min(q.to ?? now, lastTradingTime(info.hours, now));
  let from = q.from ?? bucketStart(to, q.interval) - (q.limit - 1) * ms;
  from = Math.max(bucketStart(from, q.interval), historyStart(info.anchorAt, q.interval));
  if (from > to) return [];
  const byTime = new Map<number, CandleNum>();
  if (from < info.anchorAt) {
    for (const c of aggregate(history.get(historySpecOf(info)), q.interval, from, Math.min(to, info.anchorAt - 1)))
      byTime.set(c.time, c);
  }
  const stored = await db
    .select()
    .from(marketCandles)
    .where(
      and(
        eq(marketCandles.code, info.code),
        eq(marketCandles.interval, q.interval),
        gte(marketCandles.time, new Date(from)),
        lte(marketCandles.time, new Date(to)),
      ),
    );
  const liveRows: CandleNum[] = stored.map((r) => ({
    time: r.time.getTime(),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: Number(r.volume),
  }));
  if (writer) liveRows.push(...writer.liveBuckets(info.code, q.interval, from, to));
  const seen = new Map<number, CandleNum>();
  for (const c of liveRows) seen.set(c.time, c); // in-memory buckets (pushed last) win
  for (const [t, c] of seen) {
    const gen = byTime.get(t);
    byTime.set(t, gen ? combine(gen, c) : c);
  }
  const p = info.pricePrecision;
  return fillGaps(
    [...byTime.values()].sort((a, b) => a.time - b.time),
    ms,
  )
    .slice(-q.limit)
    .map((c) => ({
      time: new Date(c.time).toISOString(),
      open: c.open.toFixed(p),
      high: c.high.toFixed(p),
      low: c.low.toFixed(p),
      close: c.close.toFixed(p),
      volume: c.volume.toFixed(4),
    }));
}

/**
 * Buckets in which no price was seen (the minute between seeding and the first tick, or a
 * feed outage) become flat candles at the previous close with zero volume, as exchanges draw
 * a market without trades, so a chart never has holes. Only interior gaps: nothing is made up
 * before the first or after the last real candle.
 */
export function fillGaps(sorted: CandleNum[], ms: number): CandleNum[] {
  const out: CandleNum[] = [];
  for (const c of sorted) {
    const prev = out[out.length - 1];
    if (prev) {
      for (let t = prev.time + ms; t < c.time; t += ms) {
        out.push({ time: t, open: prev.close, high: prev.close, low: prev.close, close: prev.close, volume: 0 });
      }
    }
    out.push(c);
  }
  return out;
}
