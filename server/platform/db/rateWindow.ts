import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { rateCounters } from './rateCountersSchema.ts';
import { sqlTime, type Instant } from './time.ts';

/**
 * Takes one of `limit` places in the window of `key` in `rate_counters`, atomically: one
 * INSERT ... ON CONFLICT DO UPDATE ... WHERE, so parallel callers queue on the row and at most
 * `limit` of them get a place. The window starts with its first place and restarts `seconds`
 * later, on the platform clock: `now` is the caller's time (app.clock), written as the window's
 * start and compared with it. Returns false when the window is full (and then writes nothing).
 * Inside a transaction the place is given back if the transaction rolls back.
 *
 * A caller that read the clock before a parallel one restarted the window sees that start in
 * its future: not expired, so it counts in the new window (never a second fresh window).
 */
export async function reserveInWindow(db: DbOrTx, key: string, limit: number, seconds: number, now: Instant): Promise<boolean> {
  const at = sqlTime(now);
  const expired = sql`${rateCounters.windowStart} < ${at} - make_interval(secs => ${seconds})`;
  const rows = await db
    .insert(rateCounters)
    .values({ key, count: 1, windowStart: new Date(now) })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${at} ELSE ${rateCounters.windowStart} END`,
      },
      setWhere: sql`${expired} OR ${rateCounters.count} < ${limit}`,
    })
    .returning({ count: rateCounters.count });
  return rows.length > 0;
}

/** reserveInWindow with an hour-long window. */
export const reserveInHourWindow = (db: DbOrTx, key: string, limit: number, now: Instant): Promise<boolean> =>
  reserveInWindow(db, key, limit, 3600, now);
