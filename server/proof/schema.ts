import {
  bigserial,
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Proof of liabilities (docs/ledger.md, "Proof of liabilities"): one row per snapshot of every
 * customer's real-book balances, taken in one repeatable-read transaction. A snapshot whose
 * totals did not equal the ledger's is kept as `failed` with both sets of totals (never
 * published). `takenAt` is the platform clock's time. A scheduled snapshot names its `period`
 * (the platform clock's UTC day), unique: the day's job takes one, even when two instances run it.
 */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    status: text({ enum: ['published', 'failed'] }).notNull(),
    /** 'schedule' (the daily job) or 'operator' (an operator asked) */
    trigger: text({ enum: ['schedule', 'operator'] }).notNull(),
    requestedBy: bigint({ mode: 'bigint' }),
    takenAt: timestamp({ withTimezone: true }).notNull(),
    /** assets in the order of every list of sums, with their decimals: [{asset, decimals}] */
    assets: jsonb().$type<Array<{ asset: string; decimals: number }>>().notNull(),
    rootHash: text(),
    leafCount: integer().notNull().default(0),
    users: integer().notNull().default(0),
    /** the tree's root sums, decimal strings per asset */
    totals: jsonb().$type<Record<string, string>>(),
    /** the ledger's customer accounts summed, and minus the platform accounts, at the same moment */
    ledgerTotals: jsonb().$type<{ customers: Record<string, string>; platform: Record<string, string> }>(),
    error: text(),
    /** the UTC day (platform clock) a scheduled snapshot is for; null for an operator's (any number a day) */
    period: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('liability_snapshots_taken').on(t.status, t.takenAt), uniqueIndex('liability_snapshots_period').on(t.period)],
);

/** One leaf per customer per snapshot: the salt stays here so the customer can be given it. */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    userId: bigint({ mode: 'bigint' }).notNull(),
    /** the leaf's index in the tree (users are shuffled, so it says nothing about the account) */
    position: integer().notNull(),
    salt: text().notNull(),
    /** balances per asset as decimal strings, in the snapshot's asset order */
    balances: jsonb().$type<string[]>().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.userId] }),
    uniqueIndex('liability_leaves_position').on(t.snapshotId, t.position),
  ],
);

export type LiabilitySnapshotRow = typeof liabilitySnapshots.$inferSelect;
