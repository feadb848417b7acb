import { sql } from 'drizzle-orm';
import { bigserial, bigint, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Price alerts (docs/alerts.md): a level above or below the price, or a 24-hour move of at least
 * `percent` %, per instrument; at most ALERT_LIMIT active per user. The engine watches the active
 * ones in an index keyed by level (server/alerts/alertIndex.ts) and claims a row once it fires:
 * `UPDATE … SET status = 'fired' WHERE id = ? AND status = 'active' AND version = ?`, so two
 * instances, or an edit racing the tick, fire it once. `version` grows with every edit, so an
 * old level still in some index never fires the edited alert.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' }).notNull(),
    code: text().notNull(),
    kind: text({ enum: ['above', 'below', 'move'] }).notNull(),
    /** the price level of an above / below alert */
    level: numeric(),
    /** the 24-hour move (percent, either way) of a move alert */
    percent: numeric(),
    status: text({ enum: ['active', 'fired'] })
      .notNull()
      .default('active'),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** platform clock: a periodic read of recently changed alerts tells other instances */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    firedAt: timestamp({ withTimezone: true }),
    /** the tick that fired it: its price and the instrument's 24-hour move then */
    firedPrice: numeric(),
    firedMove: numeric(),
  },
  (t) => [
    index('price_alerts_user').on(t.userId, t.id),
    index('price_alerts_changed').on(t.status, t.updatedAt),
    check(
      'price_alerts_terms',
      sql`(${t.kind} IN ('above', 'below') AND ${t.level} > 0 AND ${t.percent} IS NULL) OR (${t.kind} = 'move' AND ${t.percent} > 0 AND ${t.level} IS NULL)`,
    ),
  ],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
