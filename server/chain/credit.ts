/**
 * What a chain deposit goes through once seen (docs/wallet.md, "Deposits from the chain"):
 * recorded under its unique key (chain id, tx hash, log index), told "confirming k/N", credited
 * through the ledger exactly once at N confirmations in the same transaction as its status, dropped
 * with a notice when its block is reorganised away before that, and flagged to operators as an
 * incident when that happens after crediting (nothing is reversed silently). Every status change
 * follows src/machines/chainDeposit.ts.
 */
import Decimal from 'decimal.js';
import { and, asc, between, eq, inArray, lte, sql } from 'drizzle-orm';
import { ASSET_DECIMALS, MIN_DEPOSIT, type Asset } from '../../src/contract/constants.ts';
import { chainDepositMachine, type ChainDepositStatus } from '../../src/machines/chain/chainDeposit.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { publishUserEvent } from '../platform/realtime/notify.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { Hex } from './config.ts';
import type { ChainDeps } from './deps.ts';
import { chainDeposits, chainIncidents, type ChainDepositRow } from './schema.ts';

/** One transfer to a customer's address, as the chain shows it. */
export interface Found {
  coin: Asset;
  txHash: Hex;
  logIndex: number;
  blockNumber: number;
  blockHash: Hex;
  from: Hex;
  to: Hex;
  amountRaw: bigint;
  /** the chain's decimals for the coin (ETH 18, the token's own) */
  decimals: number;
  owner: { id: bigint; userId: bigint };
}

/** Where a deposit stands: the network, its chain, its confirmation rule and the last processed block. */
export interface Where {
  network: string;
  chainId: number;
  required: number;
  lastBlock: number;
}

/** The chain's integer amount at the asset's precision, rounded toward zero (exact: integers only). */
export function unitsToAmount(raw: bigint, decimals: number, asset: Asset): string {
  const places = ASSET_DECIMALS[asset];
  const kept = decimals >= places ? raw / 10n ** BigInt(decimals - places) : raw * 10n ** BigInt(places - decimals);
  const digits = kept.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Confirmations of a deposit in `block`: blocks processed on top of it, its own included, at most `required`. */
export const confirmationsOf = (block: number, where: Where) =>
  Math.max(0, Math.min(where.required, where.lastBlock - block + 1));

const belowMinimum = (coin: Asset, amount: string) => new Decimal(amount).lt(MIN_DEPOSIT[coin]);

/** The status a deposit takes when first seen: confirming, or below the coin's minimum (never credited). */
function firstStatus(coin: Asset, amount: string): ChainDepositStatus {
  return belowMinimum(coin, amount)
    ? nextStatus(chainDepositMachine, 'confirming', { type: 'chainDeposit.belowMinimum' })
    : 'confirming';
}

const eventParams = (r: ChainDepositRow) => ({ id: r.id.toString(), coin: r.coin, amount: fmt(r.coin, r.amount) });

/** Tells the customer what they now see: confirming k/N, or below the minimum and why. */
async function tellSeen(tx: DbOrTx, events: PendingEvents, r: ChainDepositRow, where: Where) {
  const ref = { refType: 'chain_deposit', refId: r.id.toString() };
  if (r.status === 'belowMinimum') {
    await events.record(tx, r.userId, {
      kind: 'chain.deposit_below_minimum',
      params: { ...eventParams(r), minAmount: MIN_DEPOSIT[r.coin as Asset] },
      ...ref,
    });
  } else {
    const confirmations = confirmationsOf(r.blockNumber, where);
    await events.record(tx, r.userId, {
      kind: 'chain.deposit_seen',
      params: { ...eventParams(r), confirmations, required: where.required },
      ...ref,
    });
  }
}

/**
 * Records a transfer under its key, inside the caller's transaction. Seen again in the same block:
 * nothing. In another block (mined again after a reorganisation): a dropped one comes back, a
 * confirming one moves; a credited one stays as it is (its incident already says what happened).
 */
export async function recordFound(
  tx: DbOrTx,
  f: Found,
  where: Where,
  source: 'watcher' | 'claim',
  events: PendingEvents,
  now: Date,
): Promise<ChainDepositRow> {
  const key = and(
    eq(chainDeposits.chainId, where.chainId),
    eq(chainDeposits.txHash, f.txHash.toLowerCase()),
    eq(chainDeposits.logIndex, f.logIndex),
  );
  const amount = unitsToAmount(f.amountRaw, f.decimals, f.coin);
  const [before] = await tx.select().from(chainDeposits).where(key).for('update');
  const block = { blockNumber: f.blockNumber, blockHash: f.blockHash.toLowerCase() };
  if (!before) {
    // the unique index decides between the watcher and a claim recording the same transfer at once
    const [row] = await tx
      .insert(chainDeposits)
      .values({
        chainId: where.chainId,
        network: where.network,
        coin: f.coin,
        txHash: f.txHash.toLowerCase(),
        logIndex: f.logIndex,
        ...block,
        fromAddress: f.from.toLowerCase(),
        toAddress: f.to.toLowerCase(),
        userId: f.owner.userId,
        addressId: f.owner.id,
        amountRaw: f.amountRaw.toString(),
        amount,
        status: firstStatus(f.coin, amount),
        confirmationsTold: confirmationsOf(f.blockNumber, where),
        source,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return (await tx.select().from(chainDeposits).where(key))[0];
    await tellSeen(tx, events, row, where);
    return row;
  }
  if (before.blockHash === block.blockHash || before.status === 'credited') return before;
  if (before.status === 'dropped') {
    let status = nextStatus(chainDepositMachine, before.status, { type: 'chainDeposit.seenAgain' });
    if (belowMinimum(f.coin, amount)) status = nextStatus(chainDepositMachine, status, { type: 'chainDeposit.belowMinimum' });
    const [after] = await tx
      .update(chainDeposits)
      .set({ ...block, status, droppedAt: null, confirmationsTold: confirmationsOf(f.blockNumber, where) })
      .where(eq(chainDeposits.id, before.id))
      .returning();
    await tellSeen(tx, events, after, where);
    return after;
  }
  const [moved] = await tx.update(chainDeposits).set(block).where(eq(chainDeposits.id, before.id)).returning();
  return moved;
}

/** Drops a confirming (or below-minimum) deposit whose block is gone; tells its customer. */
async function drop(tx: DbOrTx, r: ChainDepositRow, events: PendingEvents, now: Date) {
  const status = nextStatus(chainDepositMachine, r.status, { type: 'chainDeposit.reorged' });
  await tx.update(chainDeposits).set({ status, droppedAt: now }).where(eq(chainDeposits.id, r.id));
  await events.record(tx, r.userId, {
    kind: 'chain.deposit_dropped',
    params: eventParams(r),
    refType: 'chain_deposit',
    refId: r.id.toString(),
  });
}

/** An incident for operators, once per kind and deposit. */
export async function raiseIncident(
  tx: DbOrTx,
  i: {
    network: string;
    kind: 'credited_reorged' | 'history_exhausted' | 'recredit_held';
    depositId: bigint | null;
    blockNumber: number;
  },
  details: Record<string, string | number | null>,
  now: Date,
): Promise<void> {
  if (i.depositId === null) {
    // one about a block (the unique index on the deposit does not hold nulls): not again on every run
    const [known] = await tx
      .select({ id: chainIncidents.id })
      .from(chainIncidents)
      .where(
        and(
          eq(chainIncidents.kind, i.kind),
          eq(chainIncidents.network, i.network),
          eq(chainIncidents.blockNumber, i.blockNumber),
        ),
      )
      .limit(1);
    if (known) return;
  }
  await tx
    .insert(chainIncidents)
    .values({ ...i, details, createdAt: now })
    .onConflictDoNothing();
}

/**
 * The blocks above `ancestor` up to `lastBlock` were reorganised away: what they showed is
 * forgotten. Deposits not yet credited are dropped (with a notice); a credited one stays credited
 * and becomes an incident, since its confirmations were not enough and only people may decide.
 */
export async function forgetAbove(tx: DbOrTx, where: Where, ancestor: number, events: PendingEvents, now: Date): Promise<void> {
  const rows = await tx
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, where.network), between(chainDeposits.blockNumber, ancestor + 1, where.lastBlock)))
    .for('update');
  for (const r of rows) {
    if (r.status === 'confirming' || r.status === 'belowMinimum') await drop(tx, r, events, now);
    else if (r.status === 'credited') {
      await raiseIncident(
        tx,
        { network: where.network, kind: 'credited_reorged', depositId: r.id, blockNumber: r.blockNumber },
        {
          txHash: r.txHash,
          logIndex: r.logIndex,
          coin: r.coin,
          amount: fmt(r.coin, r.amount),
          userId: r.userId.toString(),
          ancestor,
        },
        now,
      );
    }
  }
}

/**
 * Deposits recorded at these heights from a claim, whose block is not the one the watcher now
 * processes there: their block was reorganised away before the watcher reached it.
 */
export async function dropOrphans(
  tx: DbOrTx,
  where: Where,
  hashes: ReadonlyMap<number, string>,
  events: PendingEvents,
  now: Date,
): Promise<void> {
  const heights = [...hashes.keys()];
  if (heights.length === 0) return;
  const rows = await tx
    .select()
    .from(chainDeposits)
    .where(
      and(
        eq(chainDeposits.network, where.network),
        between(chainDeposits.blockNumber, Math.min(...heights), Math.max(...heights)),
        inArray(chainDeposits.status, ['confirming', 'belowMinimum']),
      ),
    )
    .for('update');
  for (const r of rows) if (hashes.get(r.blockNumber) !== r.blockHash) await drop(tx, r, events, now);
}

/**
 * Credits every confirming deposit with `required` confirmations, each in its own transaction:
 * the ledger transfer (key `chain:<chain id>:<tx hash>:<log index>:credit`) and the status change
 * commit together, under the row's lock, so whichever instance or run gets there first credits it
 * and any other finds it credited. Returns how many were credited.
 */
export async function creditDue(deps: ChainDeps, where: Where): Promise<number> {
  const due = await deps.db
    .select({ id: chainDeposits.id })
    .from(chainDeposits)
    .where(
      and(
        eq(chainDeposits.network, where.network),
        eq(chainDeposits.status, 'confirming'),
        lte(chainDeposits.blockNumber, where.lastBlock - where.required + 1),
      ),
    )
    .orderBy(asc(chainDeposits.id));
  let credited = 0;
  for (const { id } of due) {
    const events = new PendingEvents();
    const done = await deps.db.transaction(async (tx) => {
      const [r] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, id)).for('update');
      if (!r || r.status !== 'confirming' || confirmationsOf(r.blockNumber, where) < where.required) return false;
      const now = deps.clock.date();
      if (await creditedBefore(tx, r)) {
        // the same transfer, credited under its old log index before a reorganisation mined it again
        await raiseIncident(
          tx,
          { network: r.network, kind: 'recredit_held', depositId: r.id, blockNumber: r.blockNumber },
          { txHash: r.txHash, logIndex: r.logIndex, coin: r.coin, amount: fmt(r.coin, r.amount), userId: r.userId.toString() },
          now,
        );
        return false;
      }
      await transfer(tx, {
        key: `chain:${r.chainId}:${r.txHash}:${r.logIndex}:credit`,
        book: 'real',
        asset: r.coin as Asset,
        from: platformAccount('deposits'),
        to: userAccount(r.userId, 'available'),
        amount: fmt(r.coin, r.amount),
        reason: 'chain.deposit',
        refType: 'chain_deposit',
        refId: r.id.toString(),
      });
      const status = nextStatus(chainDepositMachine, r.status, { type: 'chainDeposit.confirmed' });
      await tx
        .update(chainDeposits)
        .set({ status, creditedAt: now, confirmationsTold: where.required })
        .where(eq(chainDeposits.id, id));
      await events.record(tx, r.userId, {
        kind: 'chain.deposit_credited',
        params: eventParams(r),
        refType: 'chain_deposit',
        refId: r.id.toString(),
      });
      return true;
    });
    await events.publish(deps);
    if (done) credited++;
  }
  return credited;
}

/** Another credited deposit of the same transaction, coin, recipient and amount (a token log mined again at a new index). */
async function creditedBefore(tx: DbOrTx, r: ChainDepositRow): Promise<boolean> {
  if (r.logIndex < 0) return false; // native ETH keeps its key (-1) when mined again
  const [other] = await tx
    .select({ id: chainDeposits.id })
    .from(chainDeposits)
    .where(
      and(
        eq(chainDeposits.chainId, r.chainId),
        eq(chainDeposits.txHash, r.txHash),
        eq(chainDeposits.coin, r.coin),
        eq(chainDeposits.toAddress, r.toAddress),
        eq(chainDeposits.amountRaw, r.amountRaw),
        eq(chainDeposits.status, 'credited'),
        sql`${chainDeposits.id} <> ${r.id}`,
      ),
    )
    .limit(1);
  return Boolean(other);
}

/**
 * "Confirming k/N" live on the customer's screens: each deposit whose count grew since it was last
 * told is told once more (the user channel, no notification row: the bell holds its arrival,
 * crediting or drop). Returns how many were told.
 */
export async function tellProgress(deps: ChainDeps, where: Where): Promise<number> {
  const rows = await deps.db
    .select()
    .from(chainDeposits)
    .where(
      and(
        eq(chainDeposits.network, where.network),
        eq(chainDeposits.status, 'confirming'),
        lte(chainDeposits.blockNumber, where.lastBlock),
      ),
    );
  let told = 0;
  for (const r of rows) {
    const confirmations = confirmationsOf(r.blockNumber, where);
    if (confirmations <= r.confirmationsTold) continue;
    // only the run that moves the count tells it (a second instance would find it moved)
    const moved = await deps.db
      .update(chainDeposits)
      .set({ confirmationsTold: confirmations })
      .where(and(eq(chainDeposits.id, r.id), sql`${chainDeposits.confirmationsTold} < ${confirmations}`))
      .returning({ id: chainDeposits.id });
    if (moved.length === 0) continue;
    await publishUserEvent(deps.bus, r.userId, {
      kind: 'chain.deposit_confirming',
      params: { ...eventParams(r), confirmations, required: where.required },
      refType: 'chain_deposit',
      refId: r.id.toString(),
    }).catch((err) => deps.log.warn({ err }, 'user event not published'));
    told++;
  }
  return told;
}
