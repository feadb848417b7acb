/**
 * Deposits (recharge): a user claims a chain transfer with a proof image; an operator approves
 * (ledger credit: platform deposits → user available, real book) or rejects with a reason.
 * Every status change follows src/machines/wallet/deposit.ts and writes a notification.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MIN_DEPOSIT, type Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import {
  COIN_NETWORKS,
  type Deposit,
  type DepositAddressList,
  type DepositStatus,
  type Network,
  type RechargeFields,
} from '../../src/contract/wallet.ts';
import { depositMachine, type DepositEvent } from '../../src/machines/wallet/deposit.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { pageTotal, totalOver } from '../platform/db/paging.ts';
import { depositAddresses, deposits } from './schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import type { CleanImage } from '../platform/uploads/images.ts';
import { fmt, parseUserAmount } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { checkPendingClaims, reserveClaim } from './claimLimits.ts';
import { approvalStep } from './fourEyes.ts';
import { assertMayReviewMoney } from '../platform/operators/operatorTrust.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import { qrDataUrl } from '../platform/qr.ts';
import type { WalletDeps } from './deps.ts';
import Decimal from 'decimal.js';

export type DepositRow = typeof deposits.$inferSelect;
/** An operator's decision: an event of the deposit statechart. */
export type DepositDecision = DepositEvent;

export function depositView(r: DepositRow): Deposit {
  return {
    id: r.id.toString(),
    coin: r.coin as Asset,
    network: r.network as Network,
    amount: fmt(r.coin, r.amount),
    txHash: r.txHash,
    proofLast6: r.proofLast6,
    address: r.address,
    status: r.status,
    rejectReason: r.rejectReason,
    proofUrl: `/swx/customer/user/rechargeProof/${r.id}`,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  };
}

/** The enabled receive addresses users send coins to, each with its QR code and the coin's minimum. */
export async function receiveAddresses(db: DbOrTx): Promise<DepositAddressList> {
  const rows = await db
    .select()
    .from(depositAddresses)
    .where(eq(depositAddresses.enabled, true))
    .orderBy(depositAddresses.coin, depositAddresses.network, depositAddresses.id);
  const out = [];
  for (const r of rows) {
    const coin = r.coin as Asset;
    out.push({
      id: r.id.toString(),
      coin,
      network: r.network as Network,
      address: r.address,
      qr: await qrDataUrl(r.address),
      minAmount: MIN_DEPOSIT[coin],
    });
  }
  return { rows: out };
}

/** Lower case without 0x: the same transaction written two ways is still one transaction. */
export const txHashKey = (h: string) => h.toLowerCase().replace(/^0x/, '');

/**
 * The most one claim may say was sent. An operator still checks every claim against the chain;
 * the cap keeps a mistyped or forged amount from ever reaching the approve button (10083).
 */
export const MAX_DEPOSIT_PER_CLAIM: Record<Asset, string> = { USDT: '1000000', BTC: '20', ETH: '400' };

/** Checks what can be checked before touching the disk; returns the normalised amount. */
export function checkRecharge(f: RechargeFields): string {
  if (!COIN_NETWORKS[f.coin].includes(f.network))
    throw new BizError(Err.MALFORMED_REQUEST, { detail: `network ${f.network} not available for ${f.coin}` });
  const amount = parseUserAmount(f.coin, f.amount);
  if (new Decimal(amount).lt(MIN_DEPOSIT[f.coin]))
    throw new BizError(Err.DEPOSIT_BELOW_MINIMUM, { name: f.coin, limit: MIN_DEPOSIT[f.coin] });
  if (new Decimal(amount).gt(MAX_DEPOSIT_PER_CLAIM[f.coin]))
    throw new BizError(Err.DEPOSIT_ABOVE_MAXIMUM, { coin: f.coin, limit: MAX_DEPOSIT_PER_CLAIM[f.coin] });
  return amount;
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

export async function submitDeposit(
  deps: WalletDeps,
  userId: bigint,
  f: RechargeFields,
  cleanProof: () => Promise<CleanImage>,
): Promise<Deposit> {
  const amount = checkRecharge(f);
  const key = txHashKey(f.txHash);
  const [used] = await deps.db.select({ id: deposits.id }).from(deposits).where(eq(deposits.txHashKey, key)).limit(1);
  if (used) throw new BizError(Err.TX_HASH_USED);
  // cheap refusals first: the image is decoded only for a claim that could be kept
  await checkPendingClaims(deps.db, userId, deps.config.depositPendingMax);
  await reserveClaim(deps.db, userId, deps.config.depositClaimsPerHour, deps.clock.now());
  const proof = await cleanProof();
  // sealed into the blob store before the row that names it (server/platform/blobs/files.ts)
  const file = await deps.files.put('proof', proof.bytes);
  const events = new PendingEvents();
  try {
    const row = await deps.db.transaction(async (tx) => {
      // under the user's row lock, so parallel claims of one user count each other (10085)
      await checkPendingClaims(tx, userId, deps.config.depositPendingMax, { lock: true });
      const [addr] = await tx
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(
          and(eq(depositAddresses.coin, f.coin), eq(depositAddresses.network, f.network), eq(depositAddresses.enabled, true)),
        )
        .orderBy(depositAddresses.id)
        .limit(1);
      // a claim must name a transfer to one of our addresses: without one nobody could have sent there
      if (!addr) throw new BizError(Err.DEPOSIT_NO_ADDRESS, { coin: f.coin, network: f.network });
      // the unique index decides between two racing claims of the same hash
      const [ins] = await tx
        .insert(deposits)
        .values({
          userId,
          coin: f.coin,
          network: f.network,
          amount,
          txHash: f.txHash,
          txHashKey: key,
          proofLast6: f.proofLast6,
          proofFile: file,
          proofMime: proof.mime,
          address: addr.address,
        })
        .onConflictDoNothing()
        .returning();
      if (!ins) throw new BizError(Err.TX_HASH_USED);
      await userWritten(tx, userId);
      await events.record(tx, userId, {
        kind: 'deposit.submitted',
        params: { id: ins.id.toString(), coin: f.coin, amount },
        refType: 'deposit',
        refId: ins.id.toString(),
      });
      return ins;
    });
    await events.publish(deps);
    return depositView(row);
  } catch (e) {
    await deps.files.discard(file);
    if (isUniqueViolation(e)) throw new BizError(Err.TX_HASH_USED);
    throw e;
  }
}

/**
 * A page of one user's deposits, newest first (listRecharge): rows and total in one statement
 * (server/platform/db/paging.ts), prepared once per combination of filters (building the SQL was
 * a third of the request, issue 44), by the (user_id, id) index in the page's order.
 */
export async function userDeposits(
  db: Db,
  userId: bigint,
  q: { status?: DepositStatus; coin?: string; pageNum?: number; pageSize?: number },
): Promise<{ rows: DepositRow[]; total: number }> {
  const filters = { status: Boolean(q.status), code: Boolean(q.coin) };
  const where = () => {
    const conds: SQL[] = [eq(deposits.userId, sql.placeholder('userId'))];
    if (filters.status) conds.push(eq(deposits.status, sql.placeholder('status')));
    if (filters.code) conds.push(eq(deposits.coin, sql.placeholder('coin')));
    return and(...conds);
  };
  const size = q.pageSize ?? 20;
  const offset = ((q.pageNum ?? 1) - 1) * size;
  const params = { userId, status: q.status ?? null, coin: q.coin ?? null };
  const name = `user_deposits_page_${Number(filters.status)}${Number(filters.code)}`;
  const rows = await preparedOnce(db, name, () =>
    db
      .select({ d: deposits, total: totalOver() })
      .from(deposits)
      .where(where())
      .orderBy(desc(deposits.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  ).execute({ ...params, limit: size, offset });
  const counted = `${name}_count`;
  const total = await pageTotal(rows, offset, async () =>
    Number(
      (
        await preparedOnce(db, counted, () => db.select({ n: count() }).from(deposits).where(where()).prepare(counted)).execute(
          params,
        )
      )[0].n,
    ),
  );
  return { rows: rows.map((r) => r.d), total };
}

export async function findDeposit(db: DbOrTx, id: bigint): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  return row;
}

/** Which of these blob keys a deposit still names (for the orphan sweep). */
export async function proofFilesKnown(db: DbOrTx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ f: deposits.proofFile }).from(deposits).where(inArray(deposits.proofFile, names));
  return new Set(rows.map((r) => r.f));
}

/**
 * The proof image of a deposit, for its owner or an operator. Anyone else gets 10043 like for a
 * missing record, so ids tell nothing about other users.
 */
export async function depositProof(
  deps: WalletDeps,
  id: bigint,
  viewer: { id: bigint; role: string },
): Promise<{ mime: string; image: Buffer; filename: string }> {
  const d = await findDeposit(deps.db, id);
  if (!d || (d.userId !== viewer.id && viewer.role !== 'operator')) throw new BizError(Err.RECORD_NOT_FOUND);
  const image = await deps.files.read(d.proofFile);
  if (!image) throw new BizError(Err.RECORD_NOT_FOUND);
  const ext = { 'image/jpeg': 'jpg', 'image/png': 'png' }[d.proofMime] ?? 'jp2';
  return { mime: d.proofMime, image, filename: `deposit-${d.id}-proof.${ext}` };
}

/**
 * Operator review. The row is locked (FOR UPDATE) so two approvals at once serialise; the
 * statechart refuses the second (10044) and the ledger key `deposit:<id>:credit` could not
 * credit twice anyway.
 */
export async function reviewDeposit(
  deps: WalletDeps,
  operatorId: bigint,
  id: bigint,
  decision: DepositDecision,
): Promise<DepositRow> {
  const events = new PendingEvents();
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
    // four eyes: an operator's own money is reviewed by someone else
    if (before.userId === operatorId) throw new BizError(Err.OWN_RECORD_REVIEW);
    const status = nextStatus(depositMachine, before.status, decision);
    // a probation, or a link by creation to the owner or the first approver, refuses (issue 25)
    await assertMayReviewMoney(
      tx,
      deps.config.operatorProbationHours,
      operatorId,
      {
        ownerId: before.userId,
        firstApprovedBy: decision.type === 'deposit.approve' ? before.firstApprovedBy : null,
      },
      deps.clock.now(),
    );
    if (decision.type === 'deposit.approve' && (await approvalStep(deps, tx, before, operatorId)) === 'first') {
      // a large amount: recorded as the first of two approvals, nothing moves yet (fourEyes.ts)
      const [after] = await tx
        .update(deposits)
        .set({ firstApprovedBy: operatorId, firstApprovedAt: deps.clock.date() })
        .where(eq(deposits.id, id))
        .returning();
      await userWritten(tx, before.userId);
      await writeAudit(tx, {
        actorId: operatorId,
        action: 'deposit.approve_first',
        targetType: 'deposit',
        targetId: id,
        before,
        after,
      });
      return after;
    }
    if (decision.type === 'deposit.approve') {
      await transfer(tx, {
        key: `deposit:${id}:credit`,
        book: 'real',
        asset: before.coin as Asset,
        from: platformAccount('deposits'),
        to: userAccount(before.userId, 'available'),
        amount: before.amount,
        reason: 'deposit.approved',
        refType: 'deposit',
        refId: id.toString(),
      });
    }
    const reason = decision.type === 'deposit.reject' ? decision.reason : null;
    const [after] = await tx
      .update(deposits)
      .set({ status, rejectReason: reason, reviewedBy: operatorId, reviewedAt: deps.clock.date() })
      .where(eq(deposits.id, id))
      .returning();
    await userWritten(tx, before.userId);
    await writeAudit(tx, { actorId: operatorId, action: decision.type, targetType: 'deposit', targetId: id, before, after });
    const params = { id: id.toString(), coin: before.coin, amount: fmt(before.coin, before.amount) };
    const ref = { refType: 'deposit', refId: id.toString() };
    await events.record(
      tx,
      before.userId,
      decision.type === 'deposit.reject'
        ? { kind: 'deposit.rejected', params: { ...params, reason: decision.reason }, ...ref }
        : { kind: 'deposit.approved', params, ...ref },
    );
    return after;
  });
  await events.publish(deps);
  return row;
}
