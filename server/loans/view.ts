/** Loans as the wire shows them (src/contract/loans.ts): figures computed from the row and the feed price. */
import Decimal from 'decimal.js';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminLoan, AdminLoanQuery, Loan, LoanAccrual, LoanMovement, LoanPage } from '../../src/contract/loans.ts';
import { coin, ltvOf, priceAtLtv, showLtv, termInterest, usdt } from '../../src/contract/loanMath.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { allOf, keyset, nextCursor, rangeFilters } from '../platform/db/keyset.ts';
import { loanAccruals, loanMovements, loans } from './schema.ts';
import { users } from '../platform/identity/schema.ts';

export type LoanRow = typeof loans.$inferSelect;

const rate = (v: string) => new Decimal(v).toFixed();
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Interest accrued and not paid. */
export const interestDue = (l: LoanRow) => usdt(new Decimal(l.interestAccrued).sub(l.interestPaid));
/** Everything owed now. */
export const debtOf = (l: LoanRow) => new Decimal(l.principalOutstanding).add(interestDue(l));
export const isOpen = (l: LoanRow) => l.status === 'repaying' || l.status === 'overdue';

export function loanView(l: LoanRow, price: string | null): Loan {
  const open = isOpen(l);
  const debt = debtOf(l);
  const ltv = open || l.status === 'pending_review' ? ltvOf(open ? debt : l.amount, l.collateralAmount, price) : null;
  const terms = { days: l.days, dailyRate: l.dailyRate, interestFreeDays: l.interestFreeDays, overlayRate: l.overlayRate };
  return {
    id: l.id.toString(),
    amount: usdt(l.amount),
    collateralAsset: l.collateralAsset,
    collateralAmount: coin(l.collateralAmount),
    days: l.days,
    dailyRate: rate(l.dailyRate),
    interestFreeDays: l.interestFreeDays,
    overlayRate: rate(l.overlayRate),
    liquidationLtv: rate(l.liquidationLtv),
    marginCallLtv: rate(l.marginCallLtv),
    principalOutstanding: usdt(l.principalOutstanding),
    accruedInterest: interestDue(l),
    totalInterest: usdt(l.interestAccrued),
    repaymentAmount: open ? usdt(debt) : usdt(0),
    expectedRepayment: usdt(new Decimal(l.amount).add(termInterest(l.amount, terms))),
    startTime: iso(l.startTime),
    interestStart: l.startTime ? new Date(l.startTime.getTime() + l.interestFreeDays * 86_400_000).toISOString() : null,
    dueDate: iso(l.dueTime),
    ltv: showLtv(ltv),
    liquidationPrice:
      open || l.status === 'pending_review'
        ? priceAtLtv(usdt(open ? debt : l.amount), l.collateralAmount, l.liquidationLtv)
        : null,
    price: open || l.status === 'pending_review' ? price : null,
    status: l.status,
    signed: true,
    agreementVersion: l.agreementVersion,
    rejectReason: l.rejectReason,
    liquidationReturned: l.liquidationReturned === null ? null : usdt(l.liquidationReturned),
    createdAt: l.createdAt.toISOString(),
    closedAt: iso(l.closedAt),
  };
}

export function adminLoanView(l: LoanRow, price: string | null, u: { username: string; kycStatus: string }): AdminLoan {
  return {
    ...loanView(l, price),
    userId: l.userId.toString(),
    username: u.username,
    kycStatus: u.kycStatus,
    fullName: l.fullName,
    agreementLanguage: l.agreementLanguage,
    firstApprovedBy: l.firstApprovedBy?.toString() ?? null,
    reviewedBy: l.reviewedBy?.toString() ?? null,
    reviewedAt: iso(l.reviewedAt),
  };
}

export async function loanHistory(db: DbOrTx, id: bigint): Promise<{ accruals: LoanAccrual[]; movements: LoanMovement[] }> {
  const acc = await db.select().from(loanAccruals).where(eq(loanAccruals.loanId, id)).orderBy(asc(loanAccruals.day));
  const mov = await db.select().from(loanMovements).where(eq(loanMovements.loanId, id)).orderBy(asc(loanMovements.id));
  return {
    accruals: acc.map((a) => ({
      day: a.day,
      time: a.dayTime.toISOString(),
      principal: usdt(a.principal),
      rate: rate(a.rate),
      amount: usdt(a.amount),
    })),
    movements: mov.map((m) => ({
      kind: m.kind,
      time: m.at.toISOString(),
      interest: usdt(m.interest),
      principal: usdt(m.principal),
      fee: usdt(m.fee),
      sold: m.sold === null ? null : coin(m.sold),
      price: m.price === null ? null : new Decimal(m.price).toFixed(),
      returned: m.returned === null ? null : usdt(m.returned),
    })),
  };
}

export async function loanPage(
  db: DbOrTx,
  q: { userId?: bigint; status?: LoanRow['status']; pageNum?: number; pageSize?: number },
  priceOf: (a: LoanRow['collateralAsset']) => string | null,
): Promise<LoanPage> {
  const conds: SQL[] = [];
  if (q.userId !== undefined) conds.push(eq(loans.userId, q.userId));
  if (q.status) conds.push(eq(loans.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const size = q.pageSize ?? 20;
  const rows = await db
    .select()
    .from(loans)
    .where(where)
    .orderBy(desc(loans.id))
    .limit(size)
    .offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await db.select({ total: count() }).from(loans).where(where);
  return { rows: rows.map((r) => loanView(r, priceOf(r.collateralAsset))), total: Number(total) };
}

/**
 * The operators' loan queue: by status, customer, collateral, amount and age; sorted by age or
 * amount with keyset paging (server/platform/db/keyset.ts, issue 42). Without a sort the pending
 * queue reads oldest first by id, the rest newest first, as before.
 */
export async function adminLoanPage(
  db: DbOrTx,
  q: Omit<AdminLoanQuery, 'userId'> & { userId?: bigint },
  priceOf: (a: LoanRow['collateralAsset']) => string | null,
  now: number,
) {
  const cols = { id: loans.id, createdAt: loans.createdAt, amount: loans.amount };
  const where = allOf([
    q.status ? eq(loans.status, q.status) : undefined,
    q.userId === undefined ? undefined : eq(loans.userId, q.userId),
    q.coin ? eq(loans.collateralAsset, q.coin) : undefined,
    ...rangeFilters(cols, q, now),
  ]);
  // a cursor continues a sorted queue; without a sort pages are numbered, as before
  const after = q.sort === undefined ? undefined : q.after;
  const page = keyset(cols, q.sort, after);
  const size = q.pageSize ?? 20;
  const orderBy = q.sort === undefined && q.status === 'pending_review' ? [asc(loans.id)] : page.orderBy;
  const rows = await db
    .select({ l: loans, username: users.username, kycStatus: users.kycStatus })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(allOf([where, page.start]))
    .orderBy(...orderBy)
    .limit(size)
    .offset(after === undefined ? ((q.pageNum ?? 1) - 1) * size : 0);
  const [{ total }] = await db.select({ total: count() }).from(loans).where(where);
  return {
    rows: rows.map((r) => adminLoanView(r.l, priceOf(r.l.collateralAsset), r)),
    total: Number(total),
    next: q.sort === undefined ? null : nextCursor(rows, size, (r) => page.cursorOf(r.l)),
  };
}
