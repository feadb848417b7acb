/**
 * The chain domain's tables (docs/wallet.md, "Deposits from the chain"). Read by drizzle-kit beside
 * server/db/schema (drizzle.config.ts), so its migration is generated like every other one.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { serialId, userOwned, money, instant } from '../platform/db/columns.ts';
import type { ChainDepositStatus } from '../../src/machines/chain/chainDeposit.ts';

/**
 * The derivation index of the next deposit address. A sequence, not max(index) + 1: an index
 * handed out once is never handed out again, even when the insert that took it rolled back, so
 * two customers can never share an address.
 */
export const chainAddressIndex = pgSequence('chain_address_index', { startWith: 0, minValue: 0 });

/**
 * A watched network's cursor: the last block processed (its number and hash), the node's head
 * when last asked, and the last error. Written by the watcher only (one leader), read by the
 * operators' page and /metrics on every instance.
 */
export const chainNetworks = pgTable('chain_networks', {
  /** the contract's network name (ERC20 for Ethereum) */
  network: text().primaryKey(),
  /** the node's chain id when the watcher started: a node on another chain is refused */
  chainId: integer().notNull(),
  lastBlock: bigint({ mode: 'number' }).notNull(),
  lastHash: text(),
  head: bigint({ mode: 'number' }),
  headAt: instant(),
  lastError: text(),
  lastErrorAt: instant(),
  updatedAt: instant().notNull(),
});

/**
 * Each processed block's number, hash and parent hash (the most recent ones: older are pruned).
 * A new block whose parent hash differs from the stored hash below it is a reorganisation.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    network: text().notNull(),
    number: bigint({ mode: 'number' }).notNull(),
    hash: text().notNull(),
    parentHash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
);

/**
 * A customer's own deposit address on a network, watch-only: derived from the configured extended
 * public key at `derivationIndex` (the key's child 0/index); the path and index stay with it so
 * that the signer of withdrawals can sweep it. One per customer and network.
 */
export const chainAddresses = pgTable(
  'chain_addresses',
  {
    ...userOwned(),
    network: text().notNull(),
    /** EIP-55 checksummed */
    address: text().notNull(),
    /** lower case: what the watcher compares */
    addressKey: text().notNull(),
    derivationPath: text().notNull(),
    derivationIndex: bigint({ mode: 'number' }).notNull(),
    createdAt: instant().notNull(),
    /** when the sweeper last read what it holds (server/chain/sweeper.ts): it reads again after a newer credit */
    sweepCheckedAt: instant(),
  },
  (t) => [
    uniqueIndex('chain_addresses_user').on(t.network, t.userId),
    uniqueIndex('chain_addresses_address').on(t.network, t.addressKey),
    uniqueIndex('chain_addresses_index').on(t.network, t.derivationIndex),
  ],
);

/**
 * A transfer to a customer's address as the chain showed it. Keyed by (chain id, tx hash, log
 * index): native ETH has log index -1 (a transaction moves its value once), a token transfer its
 * Transfer log's index in the block. The unique index makes a second record, and so a second
 * credit, impossible whichever process (watcher or claim, any instance) sees it. Status moves only
 * along src/machines/chainDeposit.ts.
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: serialId(),
    chainId: integer().notNull(),
    network: text().notNull(),
    coin: text().notNull(),
    /** lower case, 0x-prefixed */
    txHash: text().notNull(),
    logIndex: integer().notNull(),
    blockNumber: bigint({ mode: 'number' }).notNull(),
    blockHash: text().notNull(),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    userId: bigint({ mode: 'bigint' }).notNull(),
    addressId: bigint({ mode: 'bigint' }).notNull(),
    /** the chain's integer amount (wei, token units) */
    amountRaw: numeric({ precision: 78, scale: 0 }).notNull(),
    /** the amount at the asset's precision, rounded toward zero: what is credited */
    amount: money().notNull(),
    status: text().$type<ChainDepositStatus>().notNull(),
    /** the last confirmation count the customer was told ("confirming k/N") */
    confirmationsTold: integer().notNull().default(0),
    /** who saw it first: the watcher or a customer's claim */
    source: text({ enum: ['watcher', 'claim'] }).notNull(),
    creditedAt: instant(),
    droppedAt: instant(),
    createdAt: instant().notNull(),
  },
  (t) => [
    uniqueIndex('chain_deposits_key').on(t.chainId, t.txHash, t.logIndex),
    index('chain_deposits_user').on(t.userId, t.id),
    index('chain_deposits_status').on(t.network, t.status, t.blockNumber),
    check('chain_deposits_amount_positive', sql`${t.amountRaw} > 0`),
  ],
);

/**
 * What operators must look at and the watcher will not decide alone: a reorganisation deeper than
 * the confirmations that removed a credited deposit's block (nothing is reversed silently), or one
 * deeper than the kept block history. One row per (kind, deposit) at most. An operator resolves it
 * once (resolvedAt, resolvedBy, resolutionNote), which changes nothing else.
 */
export const chainIncidents = pgTable(
  'chain_incidents',
  {
    id: serialId(),
    network: text().notNull(),
    kind: text({ enum: ['credited_reorged', 'history_exhausted', 'recredit_held'] }).notNull(),
    depositId: bigint({ mode: 'bigint' }),
    blockNumber: bigint({ mode: 'number' }).notNull(),
    details: jsonb().$type<Record<string, string | number | null>>().notNull(),
    createdAt: instant().notNull(),
    /**
     * An operator's acknowledgement after handling it off the platform (docs/wallet.md, "Incidents"):
     * who, when and what they did. Resolving moves no money and edits no balance.
     */
    resolvedAt: instant(),
    resolvedBy: bigint({ mode: 'bigint' }),
    resolutionNote: text(),
  },
  (t) => [
    uniqueIndex('chain_incidents_deposit').on(t.kind, t.depositId),
    index('chain_incidents_time').on(t.createdAt),
    // resolved is all three facts or none: never a resolution without who and why
    check(
      'chain_incidents_resolution',
      sql`(${t.resolvedAt} is null) = (${t.resolvedBy} is null) and (${t.resolvedAt} is null) = (${t.resolutionNote} is null)`,
    ),
  ],
);

export type ChainDepositRow = typeof chainDeposits.$inferSelect;
export type ChainAddressRow = typeof chainAddresses.$inferSelect;
export type ChainNetworkRow = typeof chainNetworks.$inferSelect;
export type ChainIncidentRow = typeof chainIncidents.$inferSelect;

/**
 * The next nonce of each hot wallet the sender pays from (server/chain/sender.ts): taken under the
 * row's lock in the transaction that records the payout with it, so two instances, a restart or a
 * crash never give one nonce twice, and a nonce once given is always used (its payout resumes).
 */
export const chainNonces = pgTable(
  'chain_nonces',
  {
    network: text().notNull(),
    address: text().notNull(),
    next: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address] })],
);

/**
 * One payout per withdrawal the platform pays itself (unique on the withdrawal): its wallet, its
 * nonce (unique per wallet), the fees it was last signed with and when it was last broadcast.
 * `state`: allocated (nonce taken, not signed yet) → signed (a transaction recorded, maybe not on
 * the node yet) → broadcast (the node has it). Every transaction signed for it is in
 * `chain_payout_txs`: a replacement has the same nonce, so only one of them can be mined.
 */
export const chainPayouts = pgTable(
  'chain_payouts',
  {
    id: serialId(),
    withdrawalId: bigint({ mode: 'bigint' }).notNull(),
    network: text().notNull(),
    fromAddress: text().notNull(),
    nonce: integer().notNull(),
    state: text().$type<'allocated' | 'signed' | 'broadcast'>().notNull().default('allocated'),
    maxFeePerGas: text(),
    maxPriorityFeePerGas: text(),
    broadcastAt: instant(),
    replacements: integer().notNull().default(0),
    createdAt: instant().notNull(),
  },
  (t) => [
    uniqueIndex('chain_payouts_withdrawal').on(t.withdrawalId),
    uniqueIndex('chain_payouts_nonce').on(t.network, t.fromAddress, t.nonce),
  ],
);

/** Every transaction signed for a payout, with its raw bytes (broadcast again after a crash). */
export const chainPayoutTxs = pgTable(
  'chain_payout_txs',
  {
    txHash: text().primaryKey(),
    payoutId: bigint({ mode: 'bigint' }).notNull(),
    raw: text().notNull(),
    maxFeePerGas: text().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index('chain_payout_txs_payout').on(t.payoutId)],
);
export type ChainPayoutRow = typeof chainPayouts.$inferSelect;

/**
 * Sweeps (docs/wallet.md, "Sweeps"): credited deposits collected from a customer's address to the
 * hot wallet, on chain only (the customer's balance does not move: it was credited when the deposit
 * confirmed). One open sweep per address at a time, so the address's own nonces never collide.
 * `state`: fueling (a token sweep waits for the gas the hot wallet sent the address, `fuelTxHash`)
 * → sending (nonce of the address taken, not broadcast yet) → sent (`txHash` on the node) →
 * confirmed at N confirmations, or failed (reverted; the tokens stay on the address and the next
 * run tries again). `amountRaw` is in the coin's smallest unit, as the chain counts it.
 */
export const chainSweeps = pgTable(
  'chain_sweeps',
  {
    id: serialId(),
    network: text().notNull(),
    addressId: bigint({ mode: 'bigint' }).notNull(),
    address: text().notNull(),
    coin: text().$type<'ETH' | 'USDT'>().notNull(),
    amountRaw: numeric().notNull(),
    /** the hot wallet it goes to (the signer's) */
    toAddress: text().notNull(),
    state: text().$type<SweepState>().notNull(),
    fuelNonce: integer(),
    fuelTxHash: text(),
    fuelRaw: text(),
    nonce: integer(),
    txHash: text(),
    raw: text(),
    /** the fees of the last signature (a token sweep is signed with its fuel's: the gas was bought at them) */
    maxFeePerGas: text(),
    maxPriorityFeePerGas: text(),
    blockNumber: bigint({ mode: 'number' }),
    confirmations: integer().notNull().default(0),
    lastError: text(),
    createdAt: instant().notNull(),
    sentAt: instant(),
    confirmedAt: instant(),
  },
  (t) => [
    uniqueIndex('chain_sweeps_open')
      .on(t.addressId)
      .where(sql`${t.state} in ('fueling', 'sending', 'sent')`),
    uniqueIndex('chain_sweeps_fuel_tx').on(t.fuelTxHash),
    index('chain_sweeps_list').on(t.network, t.id),
    check('chain_sweeps_state', sql`${t.state} in ('fueling', 'sending', 'sent', 'confirmed', 'failed')`),
  ],
);
export type SweepState = 'fueling' | 'sending' | 'sent' | 'confirmed' | 'failed';
export type ChainSweepRow = typeof chainSweeps.$inferSelect;
