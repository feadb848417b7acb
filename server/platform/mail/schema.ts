import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail and SMS that were sent, or would have been without SMTP: operators read it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient').on(t.recipient, t.createdAt)],
);
