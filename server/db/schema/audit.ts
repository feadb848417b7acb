import { bigserial, bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator actions: who, when, what, before and after. A trigger forbids UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    actorId: bigint({ mode: 'bigint' }).notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target').on(t.targetType, t.targetId)],
);

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
