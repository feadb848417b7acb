import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, userOwned, money, instant, fourEyesReview } from '../platform/db/columns.ts';
import type { DepositStatus } from '../../src/machines/wallet/deposit.ts';
import type { WithdrawalStatus } from '../../src/machines/wallet/withdrawal.ts';

/** Where users send coins: one or more receive addresses per coin and network, kept by operators. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: serialId(),
    coin: text().notNull(),
    network: text().notNull(),
    address: text().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_addresses_key').on(t.coin, t.network, t.address)],
);

/**
 * A user's deposit claim (real book only). Status moves only along src/machines/deposit.ts.
 * The chain transaction hash is unique (lower case, without 0x): a hash is credited at most once,
 * whatever the race.
 */
export const deposits = pgTable(
  'deposits',
  {
    ...userOwned(),
    coin: text().notNull(),
    network: text().notNull(),
    amount: money().notNull(),
    txHash: text().notNull(),
    /** lower case, 0x stripped: the uniqueness key */
    txHashKey: text().notNull(),
    proofLast6: text().notNull(),
    /**
     * the sealed proof image's key in the blob store (`proof/<uuid>`); before migration 0018 a file
     * name under <dataDir>/uploads/, moved into the store at start (server/legacyFiles.ts)
     */
    proofFile: text().notNull(),
    proofMime: text().notNull(),
    address: text(),
    /** a state of the deposit statechart (the type comes from it; the chart decides every change) */
    status: text().$type<DepositStatus>().notNull().default('pending'),
    rejectReason: text(),
    ...fourEyesReview(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposits_tx_hash').on(t.txHashKey),
    index('deposits_user').on(t.userId, t.id),
    index('deposits_status').on(t.status, t.id),
    // the operators' queue sorted by age or amount, paged by keyset (server/wallet/queuePages.ts)
    index('deposits_queue_age').on(t.status, t.createdAt, t.id),
    index('deposits_queue_amount').on(t.status, t.amount, t.id),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A withdrawal request. The amount sits in the user's withdrawal_hold from submission until an
 * operator approves (paid out) or rejects (released). Status moves along src/machines/withdrawal.ts.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    ...userOwned(),
    coin: text().notNull(),
    network: text().notNull(),
    address: text().notNull(),
    amount: money().notNull(),
    feeRate: numeric({ precision: 10, scale: 6 }).notNull(),
    fee: money().notNull(),
    receiveAmount: money().notNull(),
    /** a state of the withdrawal statechart (the type comes from it; the chart decides every change) */
    status: text().$type<WithdrawalStatus>().notNull().default('pending'),
    rejectReason: text(),
    payoutTxHash: text(),
    /** payoutTxHash in lower case without 0x: one chain transaction pays one withdrawal */
    payoutTxHashKey: text(),
    /** an explorer's page of the payout transaction (CHAIN_ETH_EXPLORER_TX_URL), when it went out on a watched network */
    payoutLink: text(),
    /** on a watched network: the payout's block, its confirmations when last counted and the number required */
    payoutBlockNumber: integer(),
    payoutConfirmations: integer(),
    payoutRequired: integer(),
    sentAt: instant(),
    confirmedAt: instant(),
    /** the client's idempotency key: a retry with the same key returns this withdrawal */
    clientKey: text(),
    ...fourEyesReview(),
    /** the amount in USDT when it was asked for: what the withdrawal limits count (server/wallet/withdrawalLimits.ts) */
    valueUsdt: money(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user').on(t.userId, t.id),
    index('withdrawals_user_coin_time').on(t.userId, t.coin, t.createdAt),
    index('withdrawals_status').on(t.status, t.id),
    index('withdrawals_queue_age').on(t.status, t.createdAt, t.id),
    index('withdrawals_queue_amount').on(t.status, t.amount, t.id),
    uniqueIndex('withdrawals_client_key').on(t.userId, t.clientKey),
    uniqueIndex('withdrawals_payout_tx_hash')
      .on(t.payoutTxHashKey)
      .where(sql`${t.payoutTxHashKey} IS NOT NULL`),
    check(
      'withdrawals_amounts',
      sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.receiveAmount} > 0 AND ${t.fee} + ${t.receiveAmount} = ${t.amount}`,
    ),
  ],
);

/**
 * How many deposits and withdrawals are in each status, per coin: what the operators' queues show
 * as their total, read in a few rows instead of counting the queue at every request (which grew
 * with it: docs/performance.md, "Data growth"). Kept by a trigger on both tables (migration 0027),
 * in the transaction of the change, so it is exact in every snapshot; nothing else writes it.
 */
export const reviewQueueCounts = pgTable(
  'review_queue_counts',
  {
    /** the table counted: 'deposits' or 'withdrawals' */
    queue: text().notNull(),
    status: text().notNull(),
    coin: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.status, t.coin] })],
);
