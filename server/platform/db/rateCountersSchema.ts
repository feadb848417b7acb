import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters reserved atomically (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`), so parallel
 * requests cannot all pass a limit before any of them counts: `count` since `window_start`.
 * A row is also the lock that makes parallel code requests for one address take turns
 * (server/auth/codes.ts).
 */
export const rateCounters = pgTable('rate_counters', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
