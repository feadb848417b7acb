import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userOwned, money, instant } from '../platform/db/columns.ts';
import type { CloseReason, OptionsOrderStatus } from '../../src/machines/trading/optionsOrder.ts';

/**
 * Leveraged options positions (docs/trading.md), both books. A row exists only once the
 * position is open (a refused order writes nothing). Everything that fixes its arithmetic is
 * copied onto the row at opening (contract size, fee rate, quote rate, stop-out level,
 * precision), so settling it never depends on today's product. The margin sits in the user's
 * order_margin account while open; status moves only along src/machines/optionsOrder.ts.
 * Prices are unconstrained NUMERIC (kept at the scale written); money is USDT.
 */
export const optionsOrders = pgTable(
  'options_orders',
  {
    ...userOwned(),
    book: text({ enum: ['demo', 'real'] }).notNull(),
    code: text().notNull(),
    direction: text({ enum: ['up', 'down'] }).notNull(),
    lots: numeric().notNull(),
    leverage: integer().notNull(),
    periodSeconds: integer().notNull(),
    contractSize: numeric().notNull(),
    feeRate: numeric().notNull(),
    quoteRate: numeric().notNull(),
    stopOutLevel: numeric().notNull(),
    pricePrecision: integer().notNull(),
    openPrice: numeric().notNull(),
    /** the feed time of the price opened at */
    openTime: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    stopLoss: numeric(),
    takeProfit: numeric(),
    stopOutPrice: numeric().notNull(),
    notional: money().notNull(),
    margin: money().notNull(),
    openFee: money().notNull(),
    expectedReturn: money().notNull(),
    maxLoss: money().notNull(),
    status: text().$type<OptionsOrderStatus>().notNull().default('open'),
    closePrice: numeric(),
    /** the feed time of the tick that closed it */
    closeTime: timestamp({ withTimezone: true, precision: 3 }),
    closeReason: text().$type<CloseReason>(),
    closeFee: money(),
    /** floored at −margin */
    pnl: money(),
    /** the move before the floor: below −margin when the price gapped (the trading-results account took the rest) */
    rawPnl: money(),
    triggerPrice: numeric(),
    /** expired while no engine ran: closed later at the last stored price at or before expiresAt */
    delayed: boolean().notNull().default(false),
    /** when the settlement was written (the service clock; closeTime is the tick's) */
    settledAt: timestamp({ withTimezone: true, precision: 3 }),
    clientKey: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
    /** when the user last changed the stop-loss or take-profit (null: as opened); the engine re-reads such rows */
    stopsChangedAt: instant(),
    /** a trailing stop: the stop-loss follows the best price by this distance (the engine ratchets stop_loss; null: a fixed stop) */
    trailingDistance: numeric(),
  },
  (t) => [
    uniqueIndex('options_orders_client_key').on(t.userId, t.book, t.clientKey),
    index('options_orders_user').on(t.userId, t.book, t.id),
    // the engine's rebuild and the exposure view: open positions only
    index('options_orders_open')
      .on(t.book, t.code)
      .where(sql`${t.status} = 'open'`),
    // the risk line: closed positions of a book by close time
    index('options_orders_closed')
      .on(t.book, t.closeTime)
      .where(sql`${t.status} = 'closed'`),
    check(
      'options_orders_figures',
      sql`${t.lots} > 0 AND ${t.leverage} > 0 AND ${t.periodSeconds} > 0 AND ${t.margin} > 0 AND ${t.openPrice} > 0`,
    ),
  ],
);

export type OptionsOrderRow = typeof optionsOrders.$inferSelect;
