/**
 * Withdrawals the platform pays itself (docs/wallet.md, "Payouts on the chain"): what the chain
 * domain's sender asks of the wallet. The wallet keeps the record and moves it along its chart;
 * the sender reads the node, asks the signer and broadcasts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { withdrawalMachine, type WithdrawalEvent } from '../../src/machines/wallet/withdrawal.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { QueuedPayout } from '../chain/index.ts';
import type { WalletDeps } from './deps.ts';
import { txHashKey } from './deposits.ts';
import { payoutParams } from './payouts.ts';
import { withdrawals } from './schema.ts';

/** Withdrawals approved for the platform to pay on a network, oldest first. */
export async function queuedPayouts(deps: WalletDeps, network: string): Promise<QueuedPayout[]> {
  const rows = await deps.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.network, network), inArray(withdrawals.status, ['queued', 'waitingFunds'])))
    .orderBy(withdrawals.id)
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    coin: r.coin,
    address: r.address,
    receiveAmount: r.receiveAmount,
    status: r.status as QueuedPayout['status'],
  }));
}

/** One move of a platform-paid withdrawal along its chart, under its row's lock, told to its owner. */
async function move(
  deps: WalletDeps,
  id: bigint,
  event: WithdrawalEvent,
  set: (now: Date) => Partial<typeof withdrawals.$inferInsert>,
  kind: 'withdrawal.waiting_funds' | 'withdrawal.sent' | null,
): Promise<void> {
  const events = new PendingEvents();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!before) return;
    const status = nextStatus(withdrawalMachine, before.status, event);
    const [after] = await tx
      .update(withdrawals)
      .set({ status, ...set(deps.clock.date()) })
      .where(eq(withdrawals.id, id))
      .returning();
    const ref = { refType: 'withdrawal', refId: id.toString() };
    if (kind === 'withdrawal.sent') {
      await events.record(tx, before.userId, {
        kind,
        params: { ...payoutParams(after), txHash: after.payoutTxHash ?? '' },
        ...ref,
      });
    } else if (kind) {
      await events.record(tx, before.userId, { kind, params: payoutParams(after), ...ref });
    }
  });
  await events.publish(deps);
}

/** Waiting whole for the hot wallet (told once), or back in the queue once it holds enough. */
export async function payoutWaiting(deps: WalletDeps, id: bigint, waiting: boolean): Promise<void> {
  const [r] = await deps.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!r || (r.status === 'waitingFunds') === waiting) return;
  await move(
    deps,
    id,
    waiting ? { type: 'withdrawal.waitForFunds' } : { type: 'withdrawal.fundsBack' },
    () => ({}),
    waiting ? 'withdrawal.waiting_funds' : null,
  );
}

/**
 * The sender broadcast the payout: the withdrawal is sent with its hash. A replacement (same
 * nonce, higher fees) only changes the hash of a sent one: its status and the customer's view of
 * it (sent, confirming) stay as they are.
 */
export async function payoutBroadcast(
  deps: WalletDeps,
  id: bigint,
  p: { txHash: string; link: string | null; required: number },
): Promise<void> {
  const hash = { payoutTxHash: p.txHash, payoutTxHashKey: txHashKey(p.txHash), payoutLink: p.link };
  const [r] = await deps.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!r) return;
  if (r.status === 'sent') {
    await deps.db
      .update(withdrawals)
      .set(hash)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'sent')));
    return;
  }
  await move(
    deps,
    id,
    { type: 'withdrawal.broadcast', txHash: p.txHash },
    (now) => ({ ...hash, payoutRequired: p.required, payoutConfirmations: 0, sentAt: now }),
    'withdrawal.sent',
  );
}
