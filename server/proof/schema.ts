import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant } from '../platform/db/columns.ts';
import type { OnChainReading } from '../../src/contract/proof.ts';

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
    id: serialId(),
    status: text({ enum: ['published', 'failed'] }).notNull(),
    /** the tree's rules (src/contract/merkleSum.ts): 'pol2' split leaves; 'pol1' one leaf per customer (the snapshots before migration 0030) */
    format: text({ enum: ['pol1', 'pol2'] }).notNull(),
    /** 'schedule' (the daily job) or 'operator' (an operator asked) */
    trigger: text({ enum: ['schedule', 'operator'] }).notNull(),
    requestedBy: bigint({ mode: 'bigint' }),
    takenAt: instant().notNull(),
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
    /** the block of the watched chain the platform's wallets were read at with it (null: no chain watched, or unread) */
    chainBlock: bigint({ mode: 'number' }),
    /** the platform's wallet balances read from the node at chainBlock (server/proof/reserves/onChain.ts) */
    onChain: jsonb().$type<OnChainReading>(),
    /** the UTC day (platform clock) a scheduled snapshot is for; null for an operator's (any number a day) */
    period: date({ mode: 'string' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [index('liability_snapshots_taken').on(t.status, t.takenAt), uniqueIndex('liability_snapshots_period').on(t.period)],
);

/**
 * The leaves of a snapshot: in pol2 k per customer (one random part of their balances each), in
 * pol1 one. The salt stays here so the customer can be given it.
 */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => liabilitySnapshots.id),
    userId: bigint({ mode: 'bigint' }).notNull(),
    /** the leaf's index in the tree (leaves are shuffled, so it says nothing about the account) */
    position: integer().notNull(),
    salt: text().notNull(),
    /** the leaf's amounts per asset as decimal strings, in the snapshot's asset order (pol2: one part of the balances) */
    balances: jsonb().$type<string[]>().notNull(),
    hash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.position] }), index('liability_leaves_user').on(t.snapshotId, t.userId)],
);

export type LiabilitySnapshotRow = typeof liabilitySnapshots.$inferSelect;
