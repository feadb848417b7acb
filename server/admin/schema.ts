import { sql } from 'drizzle-orm';
import { bigserial, bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Operator management takes two operators (server/admin/operatorProposals.ts): one proposes
 * adding or disabling an operator, another, older one confirms or rejects. Decided proposals
 * stay as the record of who asked and who agreed.
 */
export const operatorProposals = pgTable(
  'operator_proposals',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    kind: text({ enum: ['create', 'disable'] }).notNull(),
    status: text({ enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    proposedBy: bigint({ mode: 'bigint' }).notNull(),
    /** disable: the operator named; create: the operator made, once confirmed */
    targetId: bigint({ mode: 'bigint' }),
    /** create: the new operator's account as proposed */
    username: text(),
    email: text(),
    /** create: argon2id of the initial password, erased when the proposal is decided */
    passwordHash: text(),
    decidedBy: bigint({ mode: 'bigint' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_proposals_status').on(t.status, t.id),
    // one open question per operator or per new name at a time
    uniqueIndex('operator_proposals_pending_target')
      .on(t.targetId)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'disable'`),
    uniqueIndex('operator_proposals_pending_username')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'create'`),
  ],
);

/**
 * The reasons an operator picks from when rejecting, one list per review queue (issue 42): kept
 * by the operators themselves, every addition and removal audited. A removed reason stays as the
 * record of what was offered (`removed_at`); the rejection keeps its own copy of the text.
 */
export const rejectReasons = pgTable(
  'reject_reasons',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    queue: text({ enum: ['deposits', 'withdrawals', 'kyc', 'loans'] }).notNull(),
    text: text().notNull(),
    createdBy: bigint({ mode: 'bigint' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reject_reasons_queue').on(t.queue, t.id),
    uniqueIndex('reject_reasons_live_text')
      .on(t.queue, sql`lower(${t.text})`)
      .where(sql`${t.removedAt} is null`),
  ],
);
