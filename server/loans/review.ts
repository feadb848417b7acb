/**
 * Operators' review of loans (docs/loans.md). Four eyes: every loan is approved by two different
 * operators, neither of them the borrower (10056); the first approval is recorded and audited
 * without moving money, the second pays the principal out of the platform's loans_issued account
 * and starts the loan; the same operator approving twice is refused (10081). A rejection (one
 * operator, with a reason shown to the user) releases the collateral. Every decision is audited.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { AdminLoanDetail } from '../../src/contract/loans.ts';
import { DAY_MS, coin, usdt } from '../../src/contract/loanMath.ts';
import { loanMachine } from '../../src/machines/loans/loan.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { assertMayReviewMoney } from '../platform/operators/operatorTrust.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { loanSignatures, loans } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { LoansContext } from './deps.ts';
import { lockLoan } from './settle.ts';
import { adminLoanView, loanHistory, type LoanRow } from './view.ts';

export type ApproveResult = AdminLoanDetail & { step: 'first' | 'final' };

async function detailOf(s: LoansContext, tx: DbOrTx, l: LoanRow): Promise<AdminLoanDetail> {
  const [u] = await tx.select({ username: users.username, kycStatus: users.kycStatus }).from(users).where(eq(users.id, l.userId));
  return {
    loan: adminLoanView(l, s.priceOf(l.collateralAsset), u ?? { username: '?', kycStatus: 'none' }),
    ...(await loanHistory(tx, l.id)),
  };
}

export async function adminDetail(s: LoansContext, id: bigint): Promise<AdminLoanDetail> {
  const [l] = await s.deps.db.select().from(loans).where(eq(loans.id, id));
  if (!l) throw new BizError(Err.RECORD_NOT_FOUND);
  return detailOf(s, s.deps.db, l);
}

export async function signatureOf(s: LoansContext, id: bigint): Promise<{ mime: string; bytes: Buffer }> {
  const [sig] = await s.deps.db
    .select({ mime: loanSignatures.mime, blobKey: loanSignatures.blobKey })
    .from(loanSignatures)
    .where(eq(loanSignatures.loanId, id));
  const bytes = sig?.blobKey ? await s.deps.files.read(sig.blobKey) : null;
  if (!sig || !bytes) throw new BizError(Err.RECORD_NOT_FOUND);
  return { mime: sig.mime, bytes };
}

/** Which of these blob keys a loan signature still names (the orphan sweep). */
export async function signatureFilesKnown(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ k: loanSignatures.blobKey })
    .from(loanSignatures)
    .where(and(isNotNull(loanSignatures.blobKey), inArray(loanSignatures.blobKey, keys)));
  return new Set(rows.map((r) => r.k!));
}

/**
 * Locks a loan under review that the operator may decide: 10043 none, 10044 decided, 10056 their
 * own, 10150 an operator still new, 10151 linked by creation to the borrower or the first approver.
 */
async function reviewable(
  s: LoansContext,
  tx: DbOrTx,
  operatorId: bigint,
  id: bigint,
  event: 'loan.approve' | 'loan.reject',
): Promise<LoanRow> {
  const l = await lockLoan(tx, id);
  if (!l) throw new BizError(Err.RECORD_NOT_FOUND);
  nextStatus(loanMachine, l.status, { type: event });
  if (l.userId === operatorId) throw new BizError(Err.OWN_RECORD_REVIEW);
  await assertMayReviewMoney(
    tx,
    s.deps.operatorProbationHours,
    operatorId,
    {
      ownerId: l.userId,
      firstApprovedBy: event === 'loan.approve' ? l.firstApprovedBy : null,
    },
    s.now(),
  );
  return l;
}

export async function approveLoan(s: LoansContext, operatorId: bigint, id: bigint): Promise<ApproveResult> {
  const now = s.now();
  const events = new PendingEvents();
  const out = await s.deps.db.transaction(async (tx) => {
    const l = await reviewable(s, tx, operatorId, id, 'loan.approve');
    if (l.firstApprovedBy === null) {
      const [after] = await tx
        .update(loans)
        .set({ firstApprovedBy: operatorId, firstApprovedAt: new Date(now) })
        .where(eq(loans.id, id))
        .returning();
      await writeAudit(tx, {
        actorId: operatorId,
        action: 'loan.approve_first',
        targetType: 'loan',
        targetId: id,
        before: l,
        after,
      });
      return { step: 'first' as const, row: after };
    }
    if (l.firstApprovedBy === operatorId) throw new BizError(Err.SECOND_OPERATOR_REQUIRED);
    // verification may have been withdrawn since the submission: no money to an unverified borrower
    const [u] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, l.userId));
    if (u?.kycStatus !== 'verified') throw new BizError(Err.USER_NOT_AUTHENTICATED);
    await transfer(tx, {
      key: `loan:${id}:disburse`,
      book: 'real',
      asset: 'USDT',
      from: platformAccount('loans_issued'),
      to: userAccount(l.userId, 'available'),
      amount: usdt(l.amount),
      reason: 'loan.disbursed',
      refType: 'loan',
      refId: id.toString(),
    });
    const [after] = await tx
      .update(loans)
      .set({
        status: nextStatus(loanMachine, l.status, { type: 'loan.approve' }),
        reviewedBy: operatorId,
        reviewedAt: new Date(now),
        startTime: new Date(now),
        dueTime: new Date(now + l.days * DAY_MS),
      })
      .where(eq(loans.id, id))
      .returning();
    await writeAudit(tx, { actorId: operatorId, action: 'loan.approve', targetType: 'loan', targetId: id, before: l, after });
    await events.record(tx, l.userId, {
      kind: 'loan.approved',
      params: { id: id.toString(), amount: usdt(l.amount), days: l.days, dueDate: after.dueTime?.toISOString() },
      refType: 'loan',
      refId: id.toString(),
    });
    return { step: 'final' as const, row: after };
  });
  await events.publish(s.deps);
  return { step: out.step, ...(await detailOf(s, s.deps.db, out.row)) };
}

export async function rejectLoan(s: LoansContext, operatorId: bigint, id: bigint, reason: string): Promise<AdminLoanDetail> {
  const text = reason.trim();
  if (!text) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'reason required' });
  const now = s.now();
  const events = new PendingEvents();
  const row = await s.deps.db.transaction(async (tx) => {
    const l = await reviewable(s, tx, operatorId, id, 'loan.reject');
    await transfer(tx, {
      key: `loan:${id}:release`,
      book: 'real',
      asset: l.collateralAsset,
      from: userAccount(l.userId, 'loan_collateral'),
      to: userAccount(l.userId, 'available'),
      amount: coin(l.collateralAmount),
      reason: 'loan.collateral_released',
      refType: 'loan',
      refId: id.toString(),
    });
    const [after] = await tx
      .update(loans)
      .set({
        status: nextStatus(loanMachine, l.status, { type: 'loan.reject' }),
        rejectReason: text,
        reviewedBy: operatorId,
        reviewedAt: new Date(now),
        closedAt: new Date(now),
      })
      .where(eq(loans.id, id))
      .returning();
    await writeAudit(tx, { actorId: operatorId, action: 'loan.reject', targetType: 'loan', targetId: id, before: l, after });
    await events.record(tx, l.userId, {
      kind: 'loan.rejected',
      params: { id: id.toString(), amount: usdt(l.amount), reason: text },
      refType: 'loan',
      refId: id.toString(),
    });
    return after;
  });
  await events.publish(s.deps);
  return detailOf(s, s.deps.db, row);
}
