import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { rateCounters } from './schema/index.ts';

/**
 * Takes one of `limit` places in the hour-long window of `key` in `rate_counters`, atomically:
 * one INSERT ... ON CONFLICT DO UPDATE ... WHERE, so parallel callers queue on the row and at most
 * `limit` of them get a place. The window starts with its first place and restarts an hour later.
 * Returns false when the window is full.
 */
export async function reserveInHourWindow(db: DbOrTx, key: string, limit: number): Promise<boolean> {
  const expired = sql`${rateCounters.windowStart} < now() - interval '1 hour'`;
  const rows = await db.insert(rateCounters).values({ key, count: 1 }).onConflictDoUpdate({
    target: rateCounters.key,
    set: {
      count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.count} + 1 END`,
      windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateCounters.windowStart} END`,
    },
    setWhere: sql`${expired} OR ${rateCounters.count} < ${limit}`,
  }).returning({ count: rateCounters.count });
  return rows.length > 0;
}
