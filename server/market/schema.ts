import {
  bigint,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  boolean,
} from 'drizzle-orm/pg-core';
import { users } from '../platform/identity/schema.ts';

/**
 * Market data (issue 3). `instruments` is the listed catalogue (seeded from
 * server/market/catalogue); `market_candles` holds candles aggregated from live ticks (the
 * history before the first start is generated deterministically from `history_seed` and the
 * anchor, see docs/market.md); `watchlist` is each user's starred instruments.
 */
export const instruments = pgTable(
  'instruments',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique('instruments_code_key'),
    type: text({ enum: ['crypto', 'forex', 'stock', 'etf', 'futures'] }).notNull(),
    base: text().notNull(),
    quote: text().notNull(),
    name: text().notNull(),
    pricePrecision: integer().notNull(),
    quantityStep: numeric().notNull(),
    /** Trading-hours rule: always | forex | us-equity | futures (server/market/hours/hours.ts). */
    hours: text().notNull(),
    /** Where prices come from under the current configuration. */
    source: text({ enum: ['simulated', 'exchange'] })
      .notNull()
      .default('simulated'),
    refPrice: numeric().notNull(),
    /** Annualised volatility for the simulator and generated history. */
    volatility: doublePrecision().notNull(),
    /** Typical 24h turnover in the quote currency (simulated volume). */
    dailyTurnover: doublePrecision().notNull(),
    sortOrder: integer().notNull(),
    enabled: boolean().notNull().default(true),
    /** Seed of the generated history; fixed at first listing so history is the same after restarts. */
    historySeed: text().notNull(),
    /** Generated history ends here (first listing time, minute-aligned) at anchorPrice. */
    anchorAt: timestamp({ withTimezone: true }).notNull(),
    anchorPrice: numeric().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('instruments_type').on(t.type, t.sortOrder)],
);

export const marketCandles = pgTable(
  'market_candles',
  {
    code: text().notNull(),
    /** 1m 5m 15m 30m 1h 4h 1d 1w */
    interval: text().notNull(),
    /** Bucket start (UTC; weeks start Monday 00:00). */
    time: timestamp({ withTimezone: true }).notNull(),
    open: numeric().notNull(),
    high: numeric().notNull(),
    low: numeric().notNull(),
    close: numeric().notNull(),
    volume: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.interval, t.time] })],
);

export const watchlist = pgTable(
  'watchlist',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    code: text()
      .notNull()
      .references(() => instruments.code),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export type InstrumentRow = typeof instruments.$inferSelect;
export type CandleRow = typeof marketCandles.$inferSelect;
