import { sql } from 'drizzle-orm';
import { bigserial, bigint, check, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger (docs/design.md, principle 3). A transfer debits one account and credits
 * another by the same positive amount, so per asset and book all balances sum to zero.
 * User accounts can never go negative: enforced by the CHECK below, not only in code.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** 'user' accounts belong to userId; 'platform' accounts are the house's side of entries. */
    ownerKind: text({ enum: ['user', 'platform'] }).notNull(),
    /** 0 for platform accounts (keeps the unique key total). */
    userId: bigint({ mode: 'bigint' }).notNull(),
    book: text({ enum: ['demo', 'real'] }).notNull(),
    asset: text().notNull(),
    purpose: text().notNull(),
    balance: numeric({ precision: 38, scale: 18 }).notNull().default('0'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key').on(t.ownerKind, t.userId, t.book, t.asset, t.purpose),
    check('ledger_user_balance_not_negative', sql`${t.ownerKind} <> 'user' OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    idempotencyKey: text().notNull(),
    book: text({ enum: ['demo', 'real'] }).notNull(),
    asset: text().notNull(),
    debitAccountId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: numeric({ precision: 38, scale: 18 }).notNull(),
    /** machine-readable reason, e.g. 'deposit.approved'; shown translated to the user */
    reason: text().notNull(),
    refType: text(),
    refId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idem').on(t.idempotencyKey),
    index('ledger_transfers_debit').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit').on(t.creditAccountId, t.id),
    check('ledger_transfer_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfer_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);
