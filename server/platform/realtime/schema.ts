import { bigserial, bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What a user is told about their records; also pushed on the user's websocket channel. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' }).notNull(),
    /** e.g. 'deposit.approved'; the app translates kind + params */
    kind: text().notNull(),
    params: jsonb().notNull().default({}),
    refType: text(),
    refId: text(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user').on(t.userId, t.id)],
);
