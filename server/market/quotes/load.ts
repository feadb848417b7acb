import { eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../platform/db/client.ts';
import { instruments } from '../schema.ts';
import type { HoursKind } from '../catalogue/index.ts';
import type { CandleNum } from '../candles/history.ts';
import { lastTradingTime } from '../hours/tradingSessions.ts';
import { MarketState, type InstrumentInfo } from './state.ts';

/**
 * Reads the listed instruments and their last stored prices into a new MarketState. A reload
 * while the feed runs keeps the live prices (and their freshness) of `previous`.
 */
export async function loadMarketState(db: Db, now: number, previous?: MarketState): Promise<MarketState> {
  const rows = await db.select().from(instruments).where(eq(instruments.enabled, true));
  const infos: InstrumentInfo[] = rows.map((r) => ({
    id: r.id,
    code: r.code,
    type: r.type,
    base: r.base,
    quote: r.quote,
    name: r.name,
    pricePrecision: r.pricePrecision,
    quantityStep: new Decimal(r.quantityStep).toFixed(),
    hours: r.hours as HoursKind,
    source: r.source,
    volatility: r.volatility,
    dailyTurnover: r.dailyTurnover,
    sortOrder: r.sortOrder,
    seed: r.historySeed,
    anchorAt: r.anchorAt.getTime(),
    anchorPrice: Number(r.anchorPrice),
  }));
  type LastRow = { code: string; close: string; time: Date | string };
  const last = (await db.execute(sql`
    SELECT i.code, c.close, c.time FROM instruments i
    CROSS JOIN LATERAL (SELECT close, time FROM market_candles m WHERE m.code = i.code AND m.interval = '1m' ORDER BY time DESC LIMIT 1) c`)) as unknown as {
    rows: LastRow[];
  };
  const lastClose = new Map(last.rows.map((r) => [r.code, { close: Number(r.close), time: new Date(r.time).getTime() }]));
  type Row15 = { code: string; time: Date | string; open: string; high: string; low: string; close: string; volume: string };
  // the 24h ring of a closed market ends at its close (a stock on Sunday: Friday 16:00), so
  // each trading-hours kind reads the 26 h before its own last trading time
  const since = (hours: HoursKind) => new Date(lastTradingTime(hours, now) - 26 * 3600_000).toISOString();
  const r15 = (await db.execute(sql`
    SELECT i.code, c.time, c.open, c.high, c.low, c.close, c.volume FROM instruments i
    CROSS JOIN LATERAL (SELECT * FROM market_candles m WHERE m.code = i.code AND m.interval = '15m' AND m.time >= (CASE i.hours
      WHEN 'forex' THEN ${since('forex')} WHEN 'us-equity' THEN ${since('us-equity')} WHEN 'futures' THEN ${since('futures')}
      ELSE ${since('always')} END)::timestamptz) c`)) as unknown as { rows: Row15[] };
  const stored15 = new Map<string, CandleNum[]>();
  for (const r of r15.rows) {
    const list = stored15.get(r.code) ?? [];
    list.push({
      time: new Date(r.time).getTime(),
      open: Number(r.open),
      high: Number(r.high),
      low: Number(r.low),
      close: Number(r.close),
      volume: Number(r.volume),
    });
    stored15.set(r.code, list);
  }
  const state = new MarketState(infos, lastClose, stored15);
  for (const q of state.list) {
    const old = previous?.get(q.info.code);
    if (old && old.time > 0) {
      Object.assign(q, {
        price: old.price,
        time: old.time,
        seenAt: old.seenAt,
        change24hPct: old.change24hPct,
        ext24: old.ext24,
        ring: old.ring,
      });
    }
  }
  return state;
}
