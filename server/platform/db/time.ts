import { sql, type SQL } from 'drizzle-orm';

/** A point in time on the platform clock: ms since the epoch, or a Date. */
export type Instant = number | Date;

/**
 * The platform clock's `now` as an SQL `timestamptz` parameter, for statements whose business
 * time must be the clock's (docs/design.md, "Time") and not the database's `now()`: a test
 * that moves the platform clock moves these rules with it.
 */
export const sqlTime = (now: Instant): SQL => sql`${new Date(now).toISOString()}::timestamptz`;
