import Decimal from 'decimal.js';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { HomeFigures } from '../../src/contract/content.ts';
import { feeCeiling } from './params.ts';

/**
 * Home-page figures, computed from the platform's own records at request time (DESIGN.md,
 * principle 1): never typed in. The market tables belong to the market domain and may not
 * exist yet (or may be shaped differently); they are looked up through the catalogue so the
 * home page keeps working, showing 0 instruments and no volume, instead of failing.
 */

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(r: Rows<T>): T[] => (Array.isArray(r) ? r : r.rows);

/** Column names we accept for an instrument's market type and for a "listed" flag. */
const TYPE_COLUMNS = ['type', 'market_type', 'kind', 'category'];
const LISTED_COLUMNS = ['enabled', 'listed', 'active', 'is_active', 'tradable'];
/** Where a 24-hour traded value in USDT may live. */
const VOLUME_SOURCES: readonly { table: string; column: string }[] = [
  { table: 'instrument_stats', column: 'quote_volume_24h' },
  { table: 'instrument_stats', column: 'volume_24h_usdt' },
  { table: 'market_stats', column: 'quote_volume_24h' },
  { table: 'market_stats', column: 'volume_24h_usdt' },
  { table: 'instruments', column: 'quote_volume_24h' },
  { table: 'instruments', column: 'volume_24h_usdt' },
];

async function columnsOf(db: DbOrTx, table: string): Promise<Set<string>> {
  const rows = rowsOf<{ column_name: string }>(await db.execute(sql`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`) as Rows<{ column_name: string }>);
  return new Set(rows.map((r) => r.column_name));
}

export async function instrumentCounts(db: DbOrTx): Promise<HomeFigures['instruments']> {
  const cols = await columnsOf(db, 'instruments');
  const typeCol = TYPE_COLUMNS.find((c) => cols.has(c));
  if (!typeCol) return { total: 0, byType: [] };
  const listedCol = LISTED_COLUMNS.find((c) => cols.has(c));
  // identifiers come from the fixed lists above, never from input
  const where = listedCol ? sql` where ${sql.identifier(listedCol)} is true` : sql``;
  const rows = rowsOf<{ type: string; n: number }>(await db.execute(sql`
    select ${sql.identifier(typeCol)}::text as type, count(*)::int as n from instruments${where}
    group by 1 order by 1`) as Rows<{ type: string; n: number }>);
  const byType = rows.map((r) => ({ type: r.type, count: Number(r.n) }));
  return { total: byType.reduce((s, r) => s + r.count, 0), byType };
}

export async function volume24hUsdt(db: DbOrTx): Promise<string | null> {
  for (const { table, column } of VOLUME_SOURCES) {
    const cols = await columnsOf(db, table);
    if (!cols.has(column)) continue;
    const [row] = rowsOf<{ v: string | null }>(await db.execute(sql`
      select sum(${sql.identifier(column)})::text as v from ${sql.identifier(table)}`) as Rows<{ v: string | null }>);
    return row?.v == null ? '0' : new Decimal(row.v).toFixed(2);
  }
  return candleVolume24h(db);
}

/**
 * Otherwise: the market's hourly candles of the last 24 hours, volume (base units) times close,
 * over the instruments quoted in USDT or USD (the others cannot be added up without a rate).
 */
async function candleVolume24h(db: DbOrTx): Promise<string | null> {
  const [candles, inst] = await Promise.all([columnsOf(db, 'market_candles'), columnsOf(db, 'instruments')]);
  const need = ['code', 'interval', 'time', 'volume', 'close'];
  if (!need.every((c) => candles.has(c)) || !inst.has('code') || !inst.has('quote')) return null;
  const [row] = rowsOf<{ v: string | null }>(await db.execute(sql`
    select sum(c.volume * c.close)::text as v from market_candles c join instruments i on i.code = c.code
    where c.interval = '1h' and c.time >= now() - interval '24 hours' and i.quote in ('USDT', 'USD')`) as Rows<{ v: string | null }>);
  return new Decimal(row?.v ?? '0').toFixed(2);
}

/** What the market domain's live service offers (server/market/service.ts `stats()`), when loaded. */
interface MarketStatsLike { counts: Record<string, number>; total: number; volume24hUsdt: string; source?: string }
type WithMarket = { market?: { stats?: () => MarketStatsLike } };

/**
 * The live market service knows the listed instruments and their 24h volume from the feed
 * itself; ask it first, and fall back to the tables when it is not loaded (or not built yet).
 */
function liveMarketStats(app: FastifyInstance): MarketStatsLike | undefined {
  const market = (app as unknown as WithMarket).market;
  if (typeof market?.stats !== 'function') return undefined;
  try {
    return market.stats();
  } catch {
    return undefined;
  }
}

export async function homeFigures(app: FastifyInstance): Promise<HomeFigures> {
  const db = app.db;
  const live = liveMarketStats(app);
  const [users_, instruments, volume, fee] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.role, 'customer')),
    live ? { total: live.total, byType: Object.entries(live.counts).filter(([, n]) => n > 0).map(([type, n]) => ({ type, count: n })) } : instrumentCounts(db),
    live ? new Decimal(live.volume24hUsdt).toFixed(2) : volume24hUsdt(db),
    feeCeiling(db),
  ]);
  return {
    registeredUsers: Number(users_[0]?.n ?? 0),
    instruments,
    volume24hUsdt: volume,
    feeCeiling: { rate: fee.toString(), percent: fee.times(100).toString() },
    // FEED=exchange feeds crypto only: the rest is still simulated and in the volume above
    simulatedPrices: app.config.feed.kind === 'simulated' || live?.source === 'simulated',
    computedAt: new Date().toISOString(),
  };
}
