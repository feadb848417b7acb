/**
 * Withdrawals on the chain (docs/wallet.md, "Payouts on the chain"): what the chain domain tracks of
 * them and how their record moves once they are on the chain. The chain domain reads the node; the
 * wallet keeps the record, and every status change goes through the withdrawal chart.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Network } from '../../src/contract/wallet.ts';
import { withdrawalMachine, type WithdrawalEvent } from '../../src/machines/wallet/withdrawal.ts';
import { BizError } from '../platform/http/errors.ts';
import type { UserEvent } from '../platform/realtime/notify.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { publishUserEvent } from '../platform/realtime/notify.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { PayoutProgress, SentPayout } from '../chain/index.ts';
import type { WalletDeps } from './deps.ts';
import { txHashKey } from './deposits.ts';
import { withdrawals } from './schema.ts';

type Row = typeof withdrawals.$inferSelect;

/** A payout the chain domain checked on the node: for what it was checked, and what it found. */
export interface OnChainApproval {
  coin: string;
  address: string;
  receiveAmount: string;
  txHash: string;
  blockNumber: number;
  link: string | null;
  required: number;
}

/**
 * How an approval pays. On an unwatched network the typed hash is taken as it is ('hand', "not
 * verified on chain"); on a watched one it is checked on the node before anything is written
 * (refusals 10320–10325 name what differs) and the withdrawal goes to `sent`. A record that is no
 * longer pending is not checked: the chart refuses it in the transaction (10044).
 */
export async function routeApproval(
  deps: WalletDeps,
  id: bigint,
  decision: WithdrawalEvent,
): Promise<{ decision: WithdrawalEvent; onChain: OnChainApproval | null }> {
  if (decision.type !== 'withdrawal.approve') return { decision, onChain: null };
  const chain = deps.chain();
  const [w] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w || w.status !== 'pending') return { decision: { ...decision, route: 'hand' }, onChain: null };
  const watched = chain?.watches(w.coin as Asset, w.network as Network) ?? false;
  if (decision.payoutTxHash === null) {
    // no hash: only a network the platform pays itself (its signer) goes on without one
    if (!watched || !chain?.paysItself(w.network as Network)) {
      throw new BizError(Err.CHAIN_PAYOUT_HASH_REQUIRED, { coin: w.coin, network: w.network });
    }
    return { decision: { ...decision, route: 'platform' }, onChain: null };
  }
  if (!watched) return { decision: { ...decision, route: 'hand' }, onChain: null };
  const checked = await chain!.checkPayout(w.network as Network, {
    coin: w.coin as Asset,
    address: w.address,
    receiveAmount: w.receiveAmount,
    txHash: decision.payoutTxHash,
  });
  return {
    decision: { ...decision, payoutTxHash: checked.txHash, route: 'verified' },
    onChain: { coin: w.coin, address: w.address, receiveAmount: w.receiveAmount, ...checked },
  };
}

/** The record the hash was checked for is the one being approved (its coin, address and amount never change). */
export function assertSameAsChecked(r: Row, onChain: OnChainApproval | null): void {
  if (!onChain) return;
  if (r.coin !== onChain.coin || r.address !== onChain.address || r.receiveAmount !== onChain.receiveAmount) {
    throw new BizError(Err.STATUS_TRANSITION_DENIED, { from: r.status, event: 'withdrawal.approve' });
  }
}

/** The columns of a payout checked on the chain: its link, block and the confirmations it needs. */
export const sentColumns = (onChain: OnChainApproval | null, now: Date) =>
  onChain
    ? {
        payoutLink: onChain.link,
        payoutBlockNumber: onChain.blockNumber,
        payoutConfirmations: 0,
        payoutRequired: onChain.required,
        sentAt: now,
      }
    : {};

/** What the customer is told of an approval: sent on the chain (checked), queued for the platform's sender, or approved with the typed hash. */
export function approvedEvent(
  params: ReturnType<typeof payoutParams>,
  decision: WithdrawalEvent,
  onChain: OnChainApproval | null,
  ref: { refType: string; refId: string },
): UserEvent {
  if (onChain) return { kind: 'withdrawal.sent', params: { ...params, txHash: onChain.txHash }, ...ref };
  if (decision.type === 'withdrawal.approve' && decision.route === 'platform')
    return { kind: 'withdrawal.queued', params, ...ref };
  const payoutTxHash = decision.type === 'withdrawal.approve' ? (decision.payoutTxHash ?? '') : '';
  return { kind: 'withdrawal.approved', params: { ...params, payoutTxHash }, ...ref };
}

/** What every withdrawal event says: the record, its coin and its amounts. */
export const payoutParams = (r: Row) => {
  const coin = r.coin as Asset;
  return { id: r.id.toString(), coin: r.coin, amount: fmt(coin, r.amount), receiveAmount: fmt(coin, r.receiveAmount) };
};

/** The mined transaction's hash, when it is another than the recorded one (a replacement). */
const hashOf = (p: PayoutProgress) =>
  p.txHash
    ? { payoutTxHash: p.txHash, payoutTxHashKey: txHashKey(p.txHash), ...(p.link !== undefined ? { payoutLink: p.link } : {}) }
    : {};

/** Withdrawals sent on a network, oldest first. */
export async function sentPayouts(deps: WalletDeps, network: string): Promise<SentPayout[]> {
  const rows = await deps.db
    .select({ id: withdrawals.id, txHash: withdrawals.payoutTxHash })
    .from(withdrawals)
    .where(and(eq(withdrawals.network, network), eq(withdrawals.status, 'sent')))
    .orderBy(withdrawals.id)
    .limit(500);
  return rows.filter((r): r is SentPayout => r.txHash !== null);
}

/**
 * A sent payout's confirmations as the chain job counted them: at N it is confirmed (a notification),
 * below it the count is kept and, when it moved, told live (no notification row). Only the run
 * that moves the count tells it, so a second instance tells nothing twice.
 */
export async function payoutProgress(deps: WalletDeps, id: bigint, p: PayoutProgress): Promise<void> {
  const events = new PendingEvents();
  const confirmed = p.blockNumber !== null && p.confirmations >= p.required;
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!before || before.status !== 'sent') return undefined;
    if (!confirmed) {
      const sameHash = !p.txHash || p.txHash === before.payoutTxHash;
      if (sameHash && before.payoutConfirmations === p.confirmations && before.payoutBlockNumber === p.blockNumber)
        return undefined;
      // the customer's reads kept in memory are forgotten when this commits (the event makes them ask again)
      await userWritten(tx, before.userId);
      const [after] = await tx
        .update(withdrawals)
        .set({ payoutConfirmations: p.confirmations, payoutBlockNumber: p.blockNumber, payoutRequired: p.required, ...hashOf(p) })
        .where(and(eq(withdrawals.id, id), sql`${withdrawals.status} = 'sent'`))
        .returning();
      return after;
    }
    const status = nextStatus(withdrawalMachine, before.status, { type: 'withdrawal.confirmed' });
    const [after] = await tx
      .update(withdrawals)
      .set({
        status,
        payoutConfirmations: p.required,
        payoutBlockNumber: p.blockNumber,
        payoutRequired: p.required,
        confirmedAt: deps.clock.date(),
        ...hashOf(p),
      })
      .where(eq(withdrawals.id, id))
      .returning();
    await events.record(tx, before.userId, {
      kind: 'withdrawal.confirmed',
      params: { ...payoutParams(before), txHash: p.txHash ?? before.payoutTxHash ?? '' },
      refType: 'withdrawal',
      refId: id.toString(),
    });
    return after;
  });
  if (!row) return;
  if (confirmed) return events.publish(deps);
  await publishUserEvent(deps.bus, row.userId, {
    kind: 'withdrawal.confirming',
    params: { ...payoutParams(row), confirmations: p.confirmations, required: p.required },
    refType: 'withdrawal',
    refId: id.toString(),
  }).catch((err) => deps.log.warn({ err }, 'user event not published'));
}
