import { bigserial, bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** the review window the action ran in (id, opened when, by which factor); null outside one */
    reviewWindow: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target').on(t.targetType, t.targetId)],
);
