import { bigint, date, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One equity figure per user, book and day (docs/portfolio.md), written by the leader job
 * 'equity-snapshots' once the day is over; the primary key makes a second write of the same day
 * (a retry, another instance) a no-op. `parts` keeps each part as the portfolio listed it.
 */
export const equitySnapshots = pgTable(
  'equity_snapshots',
  {
    userId: bigint({ mode: 'bigint' }).notNull(),
    book: text({ enum: ['demo', 'real'] }).notNull(),
    /** the UTC day the figure closes */
    day: date({ mode: 'string' }).notNull(),
    equity: numeric({ precision: 38, scale: 6 }).notNull(),
    parts: jsonb().$type<Record<string, string>>().notNull(),
    takenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.book, t.day] })],
);

export type EquitySnapshotRow = typeof equitySnapshots.$inferSelect;
