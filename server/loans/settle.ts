/**
 * What time and prices do to an open loan (docs/loans.md), inside the caller's transaction with
 * the loan row locked:
 * - accrue: day n of a loan falls due at start + n days; its row (loan, day) is written once with
 *   the outstanding principal × the day's rate (0 in the interest-free days, the overlay rate past
 *   the due date). Days missed while nobody ran are written at once, on the principal of the time:
 *   a repayment accrues the days due before it first, so the principal did not change in between;
 * - overdue: a repaying loan past its due date becomes overdue;
 * - watch: the LTV at the feed price sends the warning and the margin call once per crossing and
 *   liquidates at the liquidation LTV (partly, back to the initial LTV) or, 7 days overdue or
 *   when the collateral no longer covers the debt, fully. No trusted price: nothing is sold.
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import {
  DAY_MS,
  dayInterest,
  liquidationSale,
  ltvOf,
  rateOfDay,
  showLtv,
  usdt,
  type LiquidationSale,
} from '../../src/contract/loanMath.ts';
import { loanMachine } from '../../src/machines/loans/loan.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { loanAccruals, loanMovements, loans } from './schema.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import type { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import { debtOf, interestDue, isOpen, type LoanRow } from './view.ts';
import type { LedgerReason } from '../platform/ledger/reasons.ts';

export async function lockLoan(tx: DbOrTx, id: bigint): Promise<LoanRow | undefined> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  return row;
}

const ref = (l: LoanRow) => ({ book: 'real' as const, refType: 'loan', refId: l.id.toString() });
const note = <T extends object>(l: LoanRow, extra: T) => ({
  id: l.id.toString(),
  amount: usdt(l.amount),
  collateralAsset: l.collateralAsset,
  ...extra,
});

/** Writes the accrual rows due at `now` and marks the loan overdue past its due date. */
export async function accrue(tx: DbOrTx, l: LoanRow, now: number, events: PendingEvents): Promise<LoanRow> {
  if (!isOpen(l) || !l.startTime || !l.dueTime) return l;
  const due = Math.floor((now - l.startTime.getTime()) / DAY_MS);
  let accrued = new Decimal(l.interestAccrued);
  const rates = { days: l.days, dailyRate: l.dailyRate, interestFreeDays: l.interestFreeDays, overlayRate: l.overlayRate };
  for (let day = l.daysAccrued + 1; day <= due; day++) {
    const rate = rateOfDay(rates, day);
    const amount = dayInterest(l.principalOutstanding, rate);
    const [row] = await tx
      .insert(loanAccruals)
      .values({
        loanId: l.id,
        day,
        dayTime: new Date(l.startTime.getTime() + day * DAY_MS),
        principal: l.principalOutstanding,
        rate,
        amount,
      })
      .onConflictDoNothing()
      .returning({ id: loanAccruals.id });
    if (row) accrued = accrued.add(amount);
  }
  const overdue = l.status === 'repaying' && now >= l.dueTime.getTime();
  if (due <= l.daysAccrued && !overdue) return l;
  const [after] = await tx
    .update(loans)
    .set({
      daysAccrued: Math.max(due, l.daysAccrued),
      interestAccrued: accrued.toFixed(),
      ...(overdue ? { status: nextStatus(loanMachine, l.status, { type: 'loan.overdue' }) } : {}),
    })
    .where(eq(loans.id, l.id))
    .returning();
  if (overdue)
    await events.record(tx, l.userId, {
      kind: 'loan.overdue',
      params: note(l, { debt: usdt(debtOf(after)), overlayRate: l.overlayRate }),
      refType: 'loan',
      refId: l.id.toString(),
    });
  return after;
}

/** Moves the money of a liquidation sale at `price` and records it; returns the loan after it. */
async function liquidate(
  tx: DbOrTx,
  l: LoanRow,
  sale: LiquidationSale,
  price: string,
  now: number,
  events: PendingEvents,
): Promise<LoanRow> {
  const [m] = await tx
    .insert(loanMovements)
    .values({
      loanId: l.id,
      kind: 'liquidation',
      interest: sale.interest,
      principal: sale.principal,
      fee: sale.fee,
      sold: sale.sold,
      price,
      returned: sale.returned,
      at: new Date(now),
    })
    .returning();
  const k = `loan:${l.id}:liquidation:${m.id}`;
  const usdtRef = { ...ref(l), asset: 'USDT' as const };
  const pay = async (part: string, amount: string, to: ReturnType<typeof platformAccount>, reason: LedgerReason) => {
    if (new Decimal(amount).gt(0))
      await transfer(tx, { ...usdtRef, key: `${k}:${part}`, from: userAccount(l.userId, 'available'), to, amount, reason });
  };
  await transfer(tx, {
    ...ref(l),
    asset: l.collateralAsset,
    key: `${k}:sold`,
    from: userAccount(l.userId, 'loan_collateral'),
    to: platformAccount('loan_liquidations'),
    amount: sale.sold,
    reason: 'loan.collateral_sold',
  });
  await transfer(tx, {
    ...usdtRef,
    key: `${k}:proceeds`,
    from: platformAccount('loan_liquidations'),
    to: userAccount(l.userId, 'available'),
    amount: sale.proceeds,
    reason: 'loan.liquidation_proceeds',
  });
  await pay('interest', sale.interest, platformAccount('interest'), 'loan.interest_paid');
  await pay('principal', sale.principal, platformAccount('loans_issued'), 'loan.principal_repaid');
  await pay('fee', sale.fee, platformAccount('fees'), 'loan.liquidation_fee');
  const principal = new Decimal(l.principalOutstanding).sub(sale.principal);
  const [after] = await tx
    .update(loans)
    .set({
      collateralAmount: new Decimal(l.collateralAmount).sub(sale.sold).toFixed(),
      principalOutstanding: principal.toFixed(),
      interestPaid: new Decimal(l.interestPaid).add(sale.interest).toFixed(),
      feesPaid: new Decimal(l.feesPaid).add(sale.fee).toFixed(),
      warnedLevel: 0,
      ...(sale.full
        ? {
            status: nextStatus(loanMachine, l.status, { type: 'loan.liquidate' }),
            liquidationReturned: sale.returned,
            shortfall: sale.shortfall,
            closedAt: new Date(now),
          }
        : {}),
    })
    .where(eq(loans.id, l.id))
    .returning();
  await events.record(tx, l.userId, {
    kind: sale.full ? 'loan.liquidated' : 'loan.liquidated_partly',
    params: note(l, {
      sold: sale.sold,
      price,
      proceeds: sale.proceeds,
      fee: sale.fee,
      returned: sale.returned,
      debt: usdt(debtOf(after)),
    }),
    refType: 'loan',
    refId: l.id.toString(),
  });
  return after;
}

export interface WatchOutcome {
  loan: LoanRow;
  warned?: 'loan.ltv_warning' | 'loan.margin_call';
  liquidated?: 'partly' | 'fully';
  paused?: boolean;
}

/** LTV checks of a locked, open loan at `price` (null: no trusted price, liquidation paused). */
export async function watch(
  tx: DbOrTx,
  l: LoanRow,
  price: string | null,
  now: number,
  events: PendingEvents,
): Promise<WatchOutcome> {
  if (!isOpen(l) || !l.dueTime) return { loan: l };
  if (price === null) return { loan: l, paused: true };
  const debt = debtOf(l);
  const ltv = ltvOf(debt, l.collateralAmount, price);
  const overdueLong = now >= l.dueTime.getTime() + l.liquidationOverdueDays * DAY_MS;
  if (ltv === null) return { loan: l, paused: true };
  if (overdueLong || ltv.gte(l.liquidationLtv)) {
    const covered = new Decimal(l.collateralAmount).mul(price).gt(debt.mul(new Decimal(1).add(l.liquidationFee)));
    const sale = liquidationSale({
      interest: interestDue(l),
      principal: usdt(l.principalOutstanding),
      collateral: l.collateralAmount,
      price,
      targetLtv: l.initialLtv,
      fee: l.liquidationFee,
      full: overdueLong || !covered,
    });
    const after = await liquidate(tx, l, sale, price, now, events);
    return { loan: after, liquidated: sale.full ? 'fully' : 'partly' };
  }
  const level = ltv.gte(l.marginCallLtv) ? 2 : ltv.gte(l.warningLtv) ? 1 : 0;
  if (level === l.warnedLevel) return { loan: l };
  const [after] = await tx.update(loans).set({ warnedLevel: level }).where(eq(loans.id, l.id)).returning();
  if (level < l.warnedLevel) return { loan: after };
  const kind = level === 2 ? 'loan.margin_call' : 'loan.ltv_warning';
  await events.record(tx, l.userId, {
    kind,
    params: note(l, { ltv: showLtv(ltv), price, debt: usdt(debt), liquidationLtv: l.liquidationLtv }),
    refType: 'loan',
    refId: l.id.toString(),
  });
  return { loan: after, warned: kind };
}
