/**
 * The risk line shown before an options order is confirmed: of the positions in a book closed in
 * the last 90 days (by close time), how many lost money net of both fees
 * (pnl − opening fee − closing fee < 0). It is a public read, so the figure is computed with one
 * aggregate query and kept for a minute per book: a burst of confirmation dialogs costs one scan.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import type { OptionsRisk } from '../../src/contract/trading.ts';
import type { TradingDeps } from './deps.ts';

export const RISK_WINDOW_MS = 90 * 24 * 3600 * 1000;
export const RISK_CACHE_MS = 60_000;

/** One aggregate over the window; the predicate is a plain range on close_time (no per-row functions). */
export async function computeRisk(deps: Pick<TradingDeps, 'db' | 'now'>, book: Book): Promise<OptionsRisk> {
  const since = new Date(deps.now() - RISK_WINDOW_MS);
  const res = (await deps.db.execute(sql`
    select count(*)::int as closed,
           count(*) filter (where pnl - open_fee - coalesce(close_fee, 0) < 0)::int as lost
      from options_orders
     where book = ${book} and status = 'closed' and close_time >= ${since.toISOString()}::timestamptz`)) as unknown as {
    rows: Array<{ closed: number; lost: number }>;
  };
  const closed = Number(res.rows[0]?.closed ?? 0);
  const lost = Number(res.rows[0]?.lost ?? 0);
  return {
    book,
    closed,
    lost,
    share: closed === 0 ? null : new Decimal(lost).div(closed).toFixed(4),
    since: since.toISOString(),
  };
}

/** The figure per book, recomputed at most once a minute (a concurrent miss shares one query). */
export function riskReader(deps: Pick<TradingDeps, 'db' | 'now'>, ttlMs = RISK_CACHE_MS) {
  const cache = new Map<Book, { at: number; value: Promise<OptionsRisk> }>();
  return (book: Book): Promise<OptionsRisk> => {
    const now = deps.now();
    const hit = cache.get(book);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = computeRisk(deps, book);
    cache.set(book, { at: now, value });
    value.catch(() => {
      if (cache.get(book)?.value === value) cache.delete(book);
    });
    return value;
  };
}
