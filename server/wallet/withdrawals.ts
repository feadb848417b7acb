/**
 * Withdrawals: the user names a method (coin + network), an address and an amount; the amount
 * moves at once from available to withdrawal_hold (same transaction as the record). An operator
 * approves (hold → platform payouts for what is sent, hold → platform fees for the fee) or
 * rejects (hold → available). Every status change follows src/machines/withdrawal.ts.
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { ASSET_DECIMALS, type Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import {
  COIN_NETWORKS,
  MIN_WITHDRAWAL,
  WITHDRAW_METHODS,
  methodOf,
  type Network,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalMethods,
  type WithdrawalStatus,
} from '../../src/contract/wallet.ts';
import { withdrawalMachine, type WithdrawalEvent } from '../../src/machines/wallet/withdrawal.ts';
import { queueTotal } from './queueCounts.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { pageTotal, totalOver } from '../platform/db/paging.ts';
import { users } from '../platform/identity/schema.ts';
import { withdrawals } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { availableBalance, transfer } from '../platform/ledger/ledger.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { isValidAddress } from '../../src/contract/chainAddresses.ts';
import { txHashKey } from './deposits.ts';
import { fmt, parseUserAmount, withdrawalFee } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { approvalStep } from './fourEyes.ts';
import { approvedEvent, assertSameAsChecked, routeApproval, sentColumns } from './payouts.ts';
import { assertMayReviewMoney } from '../platform/operators/operatorTrust.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import { assertAllowedAddress } from './allowlist.ts';
import { valueInUsdt } from './valuation.ts';
import { assertWithinLimits, lockUserWithdrawals } from './withdrawalLimits.ts';
import type { WalletDeps } from './deps.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
/** An operator's decision: an event of the withdrawal statechart. */
export type WithdrawalDecision = WithdrawalEvent;

export function withdrawalView(r: WithdrawalRow): Withdrawal {
  return {
    id: r.id.toString(),
    method: `${r.coin}-${r.network}`,
    coin: r.coin as Asset,
    network: r.network as Network,
    address: r.address,
    amount: fmt(r.coin, r.amount),
    feeRate: new Decimal(r.feeRate).toString(),
    fee: fmt(r.coin, r.fee),
    receiveAmount: fmt(r.coin, r.receiveAmount),
    status: r.status,
    rejectReason: r.rejectReason,
    payoutTxHash: r.payoutTxHash,
    verifiedOnChain: withdrawalMachine.root.states[r.status]?.tags.includes('onChain') ?? false,
    payoutLink: r.payoutLink,
    confirmations: r.payoutRequired === null ? null : (r.payoutConfirmations ?? 0),
    required: r.payoutRequired,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    confirmedAt: r.confirmedAt ? r.confirmedAt.toISOString() : null,
  };
}

/** What a user can withdraw with: every coin-network method, its minimum and the real book's available balance. */
export async function withdrawalMethods(db: DbOrTx, userId: bigint, feeRate: string): Promise<WithdrawalMethods> {
  const methods = [];
  for (const coin of Object.keys(COIN_NETWORKS) as Asset[]) {
    const available = await availableBalance(db, userId, 'real', coin);
    for (const network of COIN_NETWORKS[coin]) {
      methods.push({
        method: methodOf(coin, network),
        coin,
        network,
        minAmount: new Decimal(MIN_WITHDRAWAL[coin]).toFixed(ASSET_DECIMALS[coin]),
        available,
      });
    }
  }
  return { feeRate: new Decimal(feeRate).toString(), methods };
}

/** Validates the request in the catalogue's order: method 10025, address 10021/10041, amount 10042. */
export function checkWithdrawal(b: WithdrawalBody, feeRate: string) {
  const method = b.method?.trim();
  if (!method) throw new BizError(Err.WITHDRAW_METHOD_REQUIRED);
  if (!WITHDRAW_METHODS.includes(method)) throw new BizError(Err.WITHDRAW_METHOD_REQUIRED);
  const [coin, network] = method.split('-') as [Asset, Network];
  const address = b.address?.trim();
  if (!address) throw new BizError(Err.ADDRESS_REQUIRED);
  if (!isValidAddress(network, address)) throw new BizError(Err.ADDRESS_INVALID);
  const amount = parseUserAmount(coin, b.amount);
  if (new Decimal(amount).lt(MIN_WITHDRAWAL[coin])) throw new BizError(Err.AMOUNT_INVALID, { limit: MIN_WITHDRAWAL[coin] });
  const { fee, receiveAmount } = withdrawalFee(coin, amount, feeRate);
  if (new Decimal(receiveAmount).lte(0)) throw new BizError(Err.AMOUNT_INVALID);
  return { coin, network, address, amount, fee, receiveAmount };
}

/** The withdrawal a user already made with a client key, if any. */
async function byClientKey(db: DbOrTx, userId: bigint, clientKey: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.clientKey, clientKey)));
  return row;
}

/**
 * After a password change or reset, withdrawals wait `withdrawHoldAfterResetHours` (10080 with
 * the hours left): whoever took over an account by resetting its password cannot empty it before
 * the owner, told by mail and notification (server/auth/securityEvents.ts), can react.
 */
async function assertNoCredentialHold(deps: WalletDeps, userId: bigint): Promise<void> {
  const holdMs = deps.config.withdrawHoldAfterResetHours * 3600_000;
  if (holdMs <= 0) return;
  const [u] = await deps.db.select({ changedAt: users.credentialsChangedAt }).from(users).where(eq(users.id, userId)).limit(1);
  const left = u?.changedAt ? u.changedAt.getTime() + holdMs - deps.clock.now() : 0;
  if (left > 0) throw new BizError(Err.WITHDRAWAL_HELD_AFTER_RESET, { hours: Math.ceil(left / 3600_000) });
}

/**
 * Records the withdrawal and holds its amount, in one transaction. With a `clientKey` it is
 * idempotent: a retry (sequential or concurrent) answers the first withdrawal and moves
 * nothing; the unique index on (user_id, client_key) settles a race inside the transaction.
 */
export async function submitWithdrawal(deps: WalletDeps, userId: bigint, b: WithdrawalBody): Promise<Withdrawal> {
  const feeRate = deps.config.withdrawFeeRate;
  const w = checkWithdrawal(b, feeRate);
  const clientKey = b.clientKey ?? null;
  if (clientKey !== null) {
    const first = await byClientKey(deps.db, userId, clientKey);
    if (first) return withdrawalView(first);
  }
  await assertNoCredentialHold(deps, userId);
  // with the allowlist on, only to a saved address that is usable by now (10236, 10237)
  await assertAllowedAddress(deps, userId, w.network, w.address);
  const valueUsdt = valueInUsdt(deps.market, w.coin, w.amount);
  const events = new PendingEvents();
  const row = await deps.db.transaction(async (tx) => {
    // the user's withdrawals take turns from here, so each one's limits count the ones before it
    await lockUserWithdrawals(tx, userId);
    // a concurrent insert with the same key makes this one wait for it; once it commits this
    // one inserts nothing and answers the first
    const [ins] = await tx
      .insert(withdrawals)
      .values({
        userId,
        coin: w.coin,
        network: w.network,
        address: w.address,
        amount: w.amount,
        feeRate,
        fee: w.fee,
        receiveAmount: w.receiveAmount,
        clientKey,
        valueUsdt,
        createdAt: deps.clock.date(),
      })
      .onConflictDoNothing({ target: [withdrawals.userId, withdrawals.clientKey] })
      .returning();
    if (!ins) return undefined;
    // The CHECK on user balances refuses an overdraw (10011) and the whole transaction rolls back.
    await transfer(tx, {
      key: `withdrawal:${ins.id}:hold`,
      book: 'real',
      asset: w.coin,
      from: userAccount(userId, 'available'),
      to: userAccount(userId, 'withdrawal_hold'),
      amount: w.amount,
      reason: 'withdrawal.hold',
      refType: 'withdrawal',
      refId: ins.id.toString(),
    });
    // after the balance (10011 first): the daily and 30-day limits of the asset (10240, 10241)
    await assertWithinLimits(tx, deps, userId, w.coin, valueUsdt, ins.id);
    await events.record(tx, userId, {
      kind: 'withdrawal.submitted',
      params: { id: ins.id.toString(), coin: w.coin, amount: w.amount, receiveAmount: w.receiveAmount },
      refType: 'withdrawal',
      refId: ins.id.toString(),
    });
    return ins;
  });
  if (!row) {
    const first = clientKey === null ? undefined : await byClientKey(deps.db, userId, clientKey);
    if (!first) throw new Error('withdrawal: client key conflict without a first withdrawal');
    return withdrawalView(first);
  }
  await events.publish(deps);
  return withdrawalView(row);
}

export async function listWithdrawals(
  db: DbOrTx,
  q: { userId?: bigint; status?: WithdrawalStatus; coin?: string; pageNum?: number; pageSize?: number },
) {
  const conds: SQL[] = [];
  if (q.userId !== undefined) conds.push(eq(withdrawals.userId, q.userId));
  if (q.status) conds.push(eq(withdrawals.status, q.status));
  if (q.coin) conds.push(eq(withdrawals.coin, q.coin));
  const where = conds.length ? and(...conds) : undefined;
  const size = q.pageSize ?? 20;
  const offset = ((q.pageNum ?? 1) - 1) * size;
  const countAll = async () => Number((await db.select({ total: count() }).from(withdrawals).where(where))[0].total);
  if (q.userId !== undefined) {
    // one user's withdrawals: rows and total in one query (server/platform/db/paging.ts)
    const rows = await db
      .select({ w: withdrawals, username: users.username, total: totalOver() })
      .from(withdrawals)
      .leftJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(size)
      .offset(offset);
    return { rows, total: await pageTotal(rows, offset, countAll) };
  }
  // the operator queue over all users: the page and the queue's kept total side by side (two of
  // PostgreSQL's pooled connections; one after the other on the embedded database)
  const [rows, total] = await Promise.all([
    db
      .select({ w: withdrawals, username: users.username })
      .from(withdrawals)
      .leftJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(size)
      .offset(offset),
    queueTotal(db, 'withdrawals', q),
  ]);
  return { rows, total };
}

/** The unique index on payout hashes refused the approval (the pg error, or drizzle's wrapper of it). */
function payoutHashTaken(e: unknown): boolean {
  type PgError = { code?: string; constraint?: string; message?: string };
  const err = e as (PgError & { cause?: PgError }) | undefined;
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  return (
    c !== undefined && (c.constraint === 'withdrawals_payout_tx_hash' || String(c.message).includes('withdrawals_payout_tx_hash'))
  );
}

/** Operator review; row locked so concurrent reviews serialise and the statechart refuses the loser. */
export async function reviewWithdrawal(
  deps: WalletDeps,
  operatorId: bigint,
  id: bigint,
  asked: WithdrawalDecision,
): Promise<WithdrawalRow> {
  // on a watched network the typed hash is checked on the node first (read-only: a refusal writes nothing)
  const { decision, onChain } = await routeApproval(deps, id, asked);
  const events = new PendingEvents();
  const row = await deps.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
      assertSameAsChecked(before, onChain);
      // four eyes: an operator's own money is reviewed by someone else
      if (before.userId === operatorId) throw new BizError(Err.OWN_RECORD_REVIEW);
      const status = nextStatus(withdrawalMachine, before.status, decision);
      // a probation, or a link by creation to the owner or the first approver, refuses (issue 25)
      await assertMayReviewMoney(
        tx,
        deps.config.operatorProbationHours,
        operatorId,
        {
          ownerId: before.userId,
          firstApprovedBy: decision.type === 'withdrawal.approve' ? before.firstApprovedBy : null,
        },
        deps.clock.now(),
      );
      if (decision.type === 'withdrawal.approve' && (await approvalStep(deps, tx, before, operatorId)) === 'first') {
        // a large amount: recorded as the first of two approvals, nothing moves yet (fourEyes.ts);
        // the hash recorded is the one given by the operator who completes the payout
        const [after] = await tx
          .update(withdrawals)
          .set({ firstApprovedBy: operatorId, firstApprovedAt: deps.clock.date() })
          .where(eq(withdrawals.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: operatorId,
          action: 'withdrawal.approve_first',
          targetType: 'withdrawal',
          targetId: id,
          before,
          after,
        });
        return after;
      }
      const asset = before.coin as Asset;
      const base = {
        book: 'real' as const,
        asset,
        from: userAccount(before.userId, 'withdrawal_hold'),
        refType: 'withdrawal',
        refId: id.toString(),
      };
      if (decision.type === 'withdrawal.approve') {
        await transfer(tx, {
          ...base,
          key: `withdrawal:${id}:payout`,
          to: platformAccount('payouts'),
          amount: before.receiveAmount,
          reason: 'withdrawal.payout',
        });
        if (new Decimal(before.fee).gt(0)) {
          await transfer(tx, {
            ...base,
            key: `withdrawal:${id}:fee`,
            to: platformAccount('fees'),
            amount: before.fee,
            reason: 'withdrawal.fee',
          });
        }
      } else {
        await transfer(tx, {
          ...base,
          key: `withdrawal:${id}:release`,
          to: userAccount(before.userId, 'available'),
          amount: before.amount,
          reason: 'withdrawal.released',
        });
      }
      const [after] = await tx
        .update(withdrawals)
        .set({
          status,
          rejectReason: decision.type === 'withdrawal.reject' ? decision.reason : null,
          payoutTxHash: decision.type === 'withdrawal.approve' ? decision.payoutTxHash : null,
          // the partial unique index refuses a chain transaction that already paid another withdrawal
          payoutTxHashKey:
            decision.type === 'withdrawal.approve' && decision.payoutTxHash ? txHashKey(decision.payoutTxHash) : null,
          reviewedBy: operatorId,
          reviewedAt: deps.clock.date(),
          ...sentColumns(onChain, deps.clock.date()),
        })
        .where(eq(withdrawals.id, id))
        .returning();
      await writeAudit(tx, { actorId: operatorId, action: decision.type, targetType: 'withdrawal', targetId: id, before, after });
      const params = {
        id: id.toString(),
        coin: before.coin,
        amount: fmt(asset, before.amount),
        receiveAmount: fmt(asset, before.receiveAmount),
      };
      const ref = { refType: 'withdrawal', refId: id.toString() };
      await events.record(
        tx,
        before.userId,
        decision.type === 'withdrawal.reject'
          ? { kind: 'withdrawal.rejected', params: { ...params, reason: decision.reason }, ...ref }
          : approvedEvent(params, decision, onChain, ref),
      );
      return after;
    })
    .catch((e: unknown) => {
      throw payoutHashTaken(e) ? new BizError(Err.TX_HASH_USED) : e;
    });
  await events.publish(deps);
  return row;
}
