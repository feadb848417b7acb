import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { rateCounters } from './schema/index.ts';

/**
 * Takes one of `limit` places in the window of `key` in `rate_counters`, atomically: one
 * INSERT ... ON CONFLICT DO UPDATE ... WHERE, so parallel callers queue on the row and at most
 * `limit` of them get a place. The window starts with its first place and restarts `seconds`
 * later. Returns false when the window is full (and then writes nothing). Inside a transaction
 * the place is given back if the transaction rolls back.
 */
export async function reserveInWindow(db: DbOrTx, key: string, limit: number, seconds: number): Promise<boolean> {
  const expired = sql`${rateCounters.windowStart} < now() - make_interval(secs => ${seconds})`;
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

/** reserveInWindow with an hour-long window. */
export const reserveInHourWindow = (db: DbOrTx, key: string, limit: number): Promise<boolean> => reserveInWindow(db, key, limit, 3600);
