import { sql } from 'drizzle-orm';
import { bigserial, bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EntryKind, PendingOrderStatus } from '../../src/machines/trading/pendingOrder.ts';

/**
 * Pending entry orders (docs/trading.md, "Pending entry orders"): an options order that opens when
 * the price reaches `entry_price`. While pending, margin + opening fee at the entry price sit in the
 * user's entry_hold account (`hold`); filling, cancelling or expiring releases it under
 * `pending:<id>:release`. Status moves only along src/machines/pendingOrder.ts.
 */
export const optionsPendingOrders = pgTable(
  'options_pending_orders',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' }).notNull(),
    book: text({ enum: ['demo', 'real'] }).notNull(),
    code: text().notNull(),
    direction: text({ enum: ['up', 'down'] }).notNull(),
    entryKind: text().$type<EntryKind>().notNull(),
    entryPrice: numeric().notNull(),
    lots: numeric().notNull(),
    leverage: integer().notNull(),
    periodSeconds: integer().notNull(),
    stopLoss: numeric(),
    takeProfit: numeric(),
    trailingDistance: numeric(),
    /** margin + opening fee at the entry price, held while pending */
    hold: numeric({ precision: 38, scale: 18 }).notNull(),
    /** the pending order lapses at this time (platform clock) */
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    status: text().$type<PendingOrderStatus>().notNull().default('pending'),
    /** the position it opened */
    orderId: bigint({ mode: 'bigint' }),
    /** the catalogue code that refused it at fill time */
    refusedCode: integer(),
    clientKey: text().notNull(),
    /** platform clock (the engine's periodic read looks for recent ones) */
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    endedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('options_pending_orders_client_key').on(t.userId, t.book, t.clientKey),
    index('options_pending_orders_user').on(t.userId, t.book, t.id),
    index('options_pending_orders_pending')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('options_pending_orders_figures', sql`${t.lots} > 0 AND ${t.entryPrice} > 0 AND ${t.hold} > 0`),
  ],
);

export type OptionsPendingOrderRow = typeof optionsPendingOrders.$inferSelect;
