/**
 * Buying, listing and leaving plans (docs/smart-plans.md). A purchase moves the principal from
 * available to plan_principal and the whole promised yield from the reserve to committed yield,
 * with the plan record, in one transaction; a refusal rolls all of it back. Early exit keeps the
 * penalty, gives back the rest of the principal and returns the yield not yet paid to the reserve.
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import {
  SMART_ASSET,
  type BuySmartBody,
  type ListSmartOrderQuery,
  type SmartExitQuote,
  type SmartPlan,
  type SmartPlanPage,
} from '../../src/contract/smart.ts';
import { DAY_MS } from '../../src/contract/smart.ts';
import { dailyEarning, dueDays, earningTime, exitSplit, expectedProfit, todayEarnings } from '../../src/contract/smartMath.ts';
import { smartPlanMachine } from '../../src/machines/smart/smartPlan.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { smartPlans } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import { lockPlan, settlePlan, type PlanRow } from './payouts.ts';
import { productById, rateOf } from './products.ts';
import { lockReserve } from './reserve.ts';
import type { SmartDeps } from './deps.ts';

const money = (v: string | null) => fmt(SMART_ASSET, v);

export function planView(p: PlanRow, now: number): SmartPlan {
  const start = p.startTime.getTime();
  const earning = p.status === 'earning';
  return {
    id: p.id.toString(),
    productId: p.productId.toString(),
    productName: p.productName,
    amount: money(p.amount),
    days: p.days,
    dailyRate: rateOf(p.dailyRate),
    dailyEarning: money(p.dailyEarning),
    earlyExitPenalty: rateOf(p.earlyExitPenalty),
    startTime: p.startTime.toISOString(),
    endTime: p.endTime.toISOString(),
    nextEarningTime: earning ? new Date(earningTime(start, p.daysPaid + 1)).toISOString() : null,
    todayEarnings: todayEarnings(start, p.daysPaid, money(p.dailyEarning), now),
    totalEarned: money(p.totalEarned),
    // after an early exit the promise is gone: what the plan brought is what it paid (docs/smart-plans.md)
    expectedProfit: p.status === 'exited' ? money(p.totalEarned) : money(p.expectedProfit),
    daysPaid: p.daysPaid,
    status: p.status,
    penalty: p.penalty === null ? null : money(p.penalty),
    closedAt: p.closedAt ? p.closedAt.toISOString() : null,
  };
}

/** The amount as typed, within the product's range and USDT's 6 places; anything else is 10013. */
function investment(raw: string, min: string, max: string): string {
  if (!/^[0-9]{1,20}(\.[0-9]{1,18})?$/.test(raw))
    throw new BizError(Err.INVESTMENT_AMOUNT_WRONG, { min: money(min), max: money(max) });
  const d = new Decimal(raw);
  if (d.decimalPlaces() > 6 || d.lt(min) || d.gt(max))
    throw new BizError(Err.INVESTMENT_AMOUNT_WRONG, { min: money(min), max: money(max) });
  return d.toFixed(6);
}

async function byClientKey(db: DbOrTx, userId: bigint, clientKey: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(smartPlans)
    .where(and(eq(smartPlans.userId, userId), eq(smartPlans.clientKey, clientKey)));
  return row;
}

/** The partial unique index on running plans refused a second one (only reachable without the reserve lock). */
function secondRunningPlan(e: unknown): boolean {
  type PgError = { code?: string; constraint?: string; message?: string };
  const err = e as (PgError & { cause?: PgError }) | undefined;
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  return c !== undefined && (c.constraint === 'smart_plans_one_running' || String(c.message).includes('smart_plans_one_running'));
}

/**
 * Buys a plan (real book; the route refuses the demo book). Refusals in order: smart trading off
 * for the user 10051, product 10010, days 10012, amount 10013; then, inside the transaction,
 * a running plan of the product 10024, the reserve 10070 (sold out), the balance 10011.
 * A retry with the same client key answers the first plan.
 */
export async function buyPlan(deps: SmartDeps, userId: bigint, b: BuySmartBody): Promise<SmartPlan> {
  const now = deps.now();
  const [user] = await deps.db.select({ smartEnabled: users.smartEnabled }).from(users).where(eq(users.id, userId));
  if (!user?.smartEnabled) throw new BizError(Err.SMART_NOT_ENABLED);
  const product = await productById(deps.db, BigInt(b.productId));
  if (!product || !product.enabled) throw new BizError(Err.SMART_PRODUCT_WRONG);
  const term = product.terms.find((t) => t.days === b.days);
  if (!term) throw new BizError(Err.NO_MATCHING_DAYS);
  const amount = investment(b.amount, product.minAmount, product.maxAmount);
  const each = dailyEarning(amount, term.dailyRate);
  if (new Decimal(each).lte(0))
    throw new BizError(Err.INVESTMENT_AMOUNT_WRONG, { min: money(product.minAmount), max: money(product.maxAmount) });
  const promised = expectedProfit(amount, term.dailyRate, term.days);

  const first = await byClientKey(deps.db, userId, b.clientKey);
  if (first) return planView(first, now);

  const events = new PendingEvents();
  const row = await deps.db
    .transaction(async (tx) => {
      const reserve = await lockReserve(tx);
      const [running] = await tx
        .select({ id: smartPlans.id })
        .from(smartPlans)
        .where(and(eq(smartPlans.userId, userId), eq(smartPlans.productId, product.id), eq(smartPlans.status, 'earning')));
      if (running) {
        // the same purchase retried while the first was committing: answer the first
        if (await byClientKey(tx, userId, b.clientKey)) return undefined;
        throw new BizError(Err.ALREADY_BOUGHT);
      }
      if (new Decimal(reserve).lt(promised)) throw new BizError(Err.SMART_SOLD_OUT);
      const [ins] = await tx
        .insert(smartPlans)
        .values({
          userId,
          productId: product.id,
          productName: product.name,
          asset: SMART_ASSET,
          amount,
          days: term.days,
          dailyRate: term.dailyRate,
          dailyEarning: each,
          expectedProfit: promised,
          earlyExitPenalty: product.earlyExitPenalty,
          startTime: new Date(now),
          endTime: new Date(now + term.days * DAY_MS),
          clientKey: b.clientKey,
        })
        .onConflictDoNothing({ target: [smartPlans.userId, smartPlans.clientKey] })
        .returning();
      if (!ins) return undefined;
      const ref = { book: 'real' as const, asset: SMART_ASSET, refType: 'smart_plan', refId: ins.id.toString() };
      // the CHECK on user balances refuses an overdraw (10011) and everything rolls back
      await transfer(tx, {
        ...ref,
        key: `plan:${ins.id}:principal:in`,
        from: userAccount(userId, 'available'),
        to: userAccount(userId, 'plan_principal'),
        amount,
        reason: 'smart.principal',
      });
      await transfer(tx, {
        ...ref,
        key: `plan:${ins.id}:yield:commit`,
        from: platformAccount('yield_reserve'),
        to: platformAccount('yield_committed'),
        amount: promised,
        reason: 'smart.yield_committed',
      });
      await events.record(tx, userId, {
        kind: 'smart.bought',
        params: { id: ins.id.toString(), productName: ins.productName, amount, days: ins.days, expectedProfit: promised },
        refType: 'smart_plan',
        refId: ins.id.toString(),
      });
      return ins;
    })
    .catch((e: unknown) => {
      throw secondRunningPlan(e) ? new BizError(Err.ALREADY_BOUGHT) : e;
    });
  if (!row) {
    const again = await byClientKey(deps.db, userId, b.clientKey);
    if (!again) throw new Error('smart: client key conflict without a first plan');
    return planView(again, now);
  }
  await events.publish(deps);
  return planView(row, now);
}

export async function listPlans(deps: SmartDeps, userId: bigint, q: ListSmartOrderQuery): Promise<SmartPlanPage> {
  const conds: SQL[] = [eq(smartPlans.userId, userId)];
  if (q.status) conds.push(eq(smartPlans.status, q.status));
  const where = and(...conds);
  const size = q.pageSize ?? 20;
  const rows = await deps.db
    .select()
    .from(smartPlans)
    .where(where)
    .orderBy(desc(smartPlans.id))
    .limit(size)
    .offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await deps.db.select({ total: count() }).from(smartPlans).where(where);
  const now = deps.now();
  return { rows: rows.map((r) => planView(r, now)), total: Number(total) };
}

/** What leaving at `now` would do; the days already due count as paid (exit settles them first). */
function quoteOf(p: PlanRow, now: number): SmartExitQuote {
  const due = Math.max(p.daysPaid, dueDays(p.startTime.getTime(), p.days, now));
  const principal = money(p.amount);
  const { penalty, refund } = exitSplit(principal, p.earlyExitPenalty);
  const unpaid = new Decimal(p.dailyEarning).mul(p.days - due);
  return { id: p.id.toString(), principal, penalty, refund, unpaidYieldReturned: money(unpaid.toFixed()) };
}

async function ownPlan(db: DbOrTx, userId: bigint, id: bigint): Promise<PlanRow> {
  const [p] = await db.select().from(smartPlans).where(eq(smartPlans.id, id));
  if (!p || p.userId !== userId) throw new BizError(Err.RECORD_NOT_FOUND);
  return p;
}

/** The exact figures of leaving now: 10043 for another user's or no plan, 10044 for a plan no longer earning or at its end. */
export async function exitQuote(deps: SmartDeps, userId: bigint, id: bigint): Promise<SmartExitQuote> {
  const p = await ownPlan(deps.db, userId, id);
  const now = deps.now();
  if (p.status !== 'earning' || dueDays(p.startTime.getTime(), p.days, now) >= p.days) {
    throw new BizError(Err.STATUS_TRANSITION_DENIED, { from: p.status, event: 'plan.exit' });
  }
  return quoteOf(p, now);
}

/**
 * Leaves a plan early. Days already due are paid first (same transaction), so the user gets
 * what the quote showed; a plan whose last day has come completes instead, which pays the user
 * more than leaving would.
 */
export async function exitPlan(deps: SmartDeps, userId: bigint, id: bigint): Promise<SmartPlan> {
  const now = deps.now();
  await ownPlan(deps.db, userId, id);
  const events = new PendingEvents();
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockPlan(tx, id);
    if (!locked) throw new BizError(Err.RECORD_NOT_FOUND);
    // refused before anything is paid: nothing written
    nextStatus(smartPlanMachine, locked.status, { type: 'plan.exit' });
    const p = await settlePlan(tx, locked, now, events);
    if (p.status !== 'earning') return p;
    const q = quoteOf(p, now);
    const ref = { book: 'real' as const, asset: SMART_ASSET, refType: 'smart_plan', refId: p.id.toString() };
    if (new Decimal(q.penalty).gt(0)) {
      await transfer(tx, {
        ...ref,
        key: `plan:${p.id}:exit:penalty`,
        from: userAccount(userId, 'plan_principal'),
        to: platformAccount('penalties'),
        amount: q.penalty,
        reason: 'smart.penalty',
      });
    }
    if (new Decimal(q.refund).gt(0)) {
      await transfer(tx, {
        ...ref,
        key: `plan:${p.id}:exit:refund`,
        from: userAccount(userId, 'plan_principal'),
        to: userAccount(userId, 'available'),
        amount: q.refund,
        reason: 'smart.principal_returned',
      });
    }
    if (new Decimal(q.unpaidYieldReturned).gt(0)) {
      await transfer(tx, {
        ...ref,
        key: `plan:${p.id}:exit:yield`,
        from: platformAccount('yield_committed'),
        to: platformAccount('yield_reserve'),
        amount: q.unpaidYieldReturned,
        reason: 'smart.yield_released',
      });
    }
    const [after] = await tx
      .update(smartPlans)
      .set({
        status: nextStatus(smartPlanMachine, p.status, { type: 'plan.exit' }),
        penalty: q.penalty,
        closedAt: new Date(now),
      })
      .where(eq(smartPlans.id, p.id))
      .returning();
    await events.record(tx, userId, {
      kind: 'smart.exited',
      params: { id: p.id.toString(), productName: p.productName, penalty: q.penalty, refund: q.refund },
      refType: 'smart_plan',
      refId: p.id.toString(),
    });
    return after;
  });
  await events.publish(deps);
  return planView(row, now);
}
