/**
 * Repaying a loan (docs/loans.md), in full or in part, any time, without a fee. The days due are
 * accrued first (same transaction), then the amount pays the interest due, then the principal.
 * When nothing is owed any more the loan is repaid and the collateral goes back to available.
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { Loan, RepayLoanBody } from '../../src/contract/loans.ts';
import { repaySplit, usdt } from '../../src/contract/loanMath.ts';
import { loanMachine } from '../../src/machines/loans/loan.ts';
import { loanMovements, loans } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { parseUserAmount } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import type { LoansContext } from './deps.ts';
import { accrue, lockLoan } from './settle.ts';
import { debtOf, interestDue, loanView } from './view.ts';

/**
 * Refusals, each writing nothing: another user's or no loan 10043; more than 6 decimals 10042; a
 * loan not open 10044; zero or more than the debt 10123; not enough available USDT 10011 (the
 * ledger's CHECK). A retry with the same client key answers the loan without paying twice.
 */
export async function repayLoan(s: LoansContext, userId: bigint, b: RepayLoanBody): Promise<Loan> {
  const { db } = s.deps;
  const id = BigInt(b.id);
  const now = s.now();
  const [own] = await db.select({ userId: loans.userId }).from(loans).where(eq(loans.id, id));
  if (!own || own.userId !== userId) throw new BizError(Err.RECORD_NOT_FOUND);
  // zero is refused with the debt (10123) below; more than 6 decimals here (10042)
  const amount = new Decimal(b.amount).isZero() ? '0' : parseUserAmount('USDT', b.amount);
  const events = new PendingEvents();
  const row = await db.transaction(async (tx) => {
    const locked = await lockLoan(tx, id);
    if (!locked) throw new BizError(Err.RECORD_NOT_FOUND);
    const [first] = await tx
      .select({ id: loanMovements.id })
      .from(loanMovements)
      .where(and(eq(loanMovements.loanId, id), eq(loanMovements.clientKey, b.clientKey)));
    if (first) return locked;
    // an ended loan is refused before anything is accrued
    if (!['repaying', 'overdue'].includes(locked.status)) nextStatus(loanMachine, locked.status, { type: 'loan.repay' });
    const l = await accrue(tx, locked, now, events);
    const debt = debtOf(l);
    if (new Decimal(amount).lte(0) || new Decimal(amount).gt(debt))
      throw new BizError(Err.LOAN_REPAY_AMOUNT_WRONG, { debt: usdt(debt) });
    const split = repaySplit(amount, interestDue(l), usdt(l.principalOutstanding));
    const [m] = await tx
      .insert(loanMovements)
      .values({
        loanId: id,
        kind: 'repayment',
        clientKey: b.clientKey,
        interest: split.interest,
        principal: split.principal,
        at: new Date(now),
      })
      .returning();
    const base = { book: 'real' as const, asset: 'USDT' as const, refType: 'loan', refId: id.toString() };
    if (new Decimal(split.interest).gt(0)) {
      await transfer(tx, {
        ...base,
        key: `loan:${id}:repay:${m.id}:interest`,
        from: userAccount(userId, 'available'),
        to: platformAccount('interest'),
        amount: split.interest,
        reason: 'loan.interest_paid',
      });
    }
    if (new Decimal(split.principal).gt(0)) {
      await transfer(tx, {
        ...base,
        key: `loan:${id}:repay:${m.id}:principal`,
        from: userAccount(userId, 'available'),
        to: platformAccount('loans_issued'),
        amount: split.principal,
        reason: 'loan.principal_repaid',
      });
    }
    const principal = new Decimal(l.principalOutstanding).sub(split.principal);
    const interestPaid = new Decimal(l.interestPaid).add(split.interest);
    const done = principal.isZero() && interestPaid.eq(l.interestAccrued);
    if (done) {
      await transfer(tx, {
        ...base,
        asset: l.collateralAsset,
        key: `loan:${id}:release`,
        from: userAccount(userId, 'loan_collateral'),
        to: userAccount(userId, 'available'),
        amount: new Decimal(l.collateralAmount).toFixed(8),
        reason: 'loan.collateral_released',
      });
    }
    const [after] = await tx
      .update(loans)
      .set({
        principalOutstanding: principal.toFixed(),
        interestPaid: interestPaid.toFixed(),
        ...(done ? { status: nextStatus(loanMachine, l.status, { type: 'loan.repay' }), closedAt: new Date(now) } : {}),
      })
      .where(eq(loans.id, id))
      .returning();
    await events.record(tx, userId, {
      kind: done ? 'loan.repaid' : 'loan.repayment',
      params: {
        id: id.toString(),
        amount,
        interest: split.interest,
        principal: split.principal,
        debt: usdt(debtOf(after)),
        collateralAsset: l.collateralAsset,
        collateralAmount: new Decimal(l.collateralAmount).toFixed(8),
      },
      refType: 'loan',
      refId: id.toString(),
    });
    return after;
  });
  await events.publish(s.deps);
  return loanView(row, s.priceOf(row.collateralAsset));
}
