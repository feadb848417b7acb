/**
 * Daily payouts and maturity (docs/smart-plans.md). Day n of a plan falls due at purchase time +
 * n days; its payout moves one day's earning from committed yield to the user's available
 * balance under the key `plan:<id>:yield:<n>`. When the last day is paid the principal goes back
 * and the plan is completed. Settling a plan pays every day that has fallen due and not been
 * paid, so a scheduler that was down catches up, and two instances settling the same plan pay
 * each day once: the plan row is locked, `daysPaid` moves forward only, and the ledger key would
 * refuse a second payout anyway.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { SMART_ASSET } from '../../src/contract/smart.ts';
import { dueDays } from '../../src/contract/smartMath.ts';
import { smartPlanMachine } from '../../src/machines/smart/smartPlan.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { smartPlans } from './schema.ts';
import { platformAccount, userAccount } from '../platform/ledger/accounts.ts';
import { transfer } from '../platform/ledger/ledger.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { PendingEvents } from '../platform/realtime/pendingEvents.ts';
import { nextStatus } from '../platform/statusTransitions.ts';
import { lockReserve } from './reserve.ts';
import type { SmartDeps } from './deps.ts';

export type PlanRow = typeof smartPlans.$inferSelect;

/** The plan, locked for the transaction (after the reserve: the one lock order, reserve.ts). */
export async function lockPlan(tx: DbOrTx, id: bigint): Promise<PlanRow | undefined> {
  await lockReserve(tx);
  const [row] = await tx.select().from(smartPlans).where(eq(smartPlans.id, id)).for('update');
  return row;
}

const planRef = (p: PlanRow) => ({ book: 'real' as const, asset: SMART_ASSET, refType: 'smart_plan', refId: p.id.toString() });

/**
 * Pays the days of a locked, earning plan that are due at `now` and not yet paid; completes it
 * when the last one is. Returns the plan as it now stands. Events are recorded for after the commit.
 */
export async function settlePlan(tx: DbOrTx, plan: PlanRow, now: number, events: PendingEvents): Promise<PlanRow> {
  if (plan.status !== 'earning') return plan;
  const due = dueDays(plan.startTime.getTime(), plan.days, now);
  if (due <= plan.daysPaid) return plan;
  const each = fmt(SMART_ASSET, plan.dailyEarning);
  const ref = planRef(plan);
  for (let day = plan.daysPaid + 1; day <= due; day++) {
    await transfer(tx, {
      ...ref,
      key: `plan:${plan.id}:yield:${day}`,
      from: platformAccount('yield_committed'),
      to: userAccount(plan.userId, 'available'),
      amount: each,
      reason: 'smart.yield',
    });
    await events.record(tx, plan.userId, {
      kind: 'smart.payout',
      params: { id: plan.id.toString(), productName: plan.productName, day, days: plan.days, amount: each },
      refType: 'smart_plan',
      refId: plan.id.toString(),
    });
  }
  const matured = due === plan.days;
  if (matured) {
    await transfer(tx, {
      ...ref,
      key: `plan:${plan.id}:principal`,
      from: userAccount(plan.userId, 'plan_principal'),
      to: userAccount(plan.userId, 'available'),
      amount: fmt(SMART_ASSET, plan.amount),
      reason: 'smart.principal_returned',
    });
  }
  const [after] = await tx
    .update(smartPlans)
    .set({
      daysPaid: due,
      totalEarned: new Decimal(each).mul(due).toFixed(),
      ...(matured ? { status: nextStatus(smartPlanMachine, plan.status, { type: 'plan.mature' }), closedAt: plan.endTime } : {}),
    })
    .where(eq(smartPlans.id, plan.id))
    .returning();
  if (matured) {
    await events.record(tx, plan.userId, {
      kind: 'smart.completed',
      params: {
        id: plan.id.toString(),
        productName: plan.productName,
        amount: fmt(SMART_ASSET, plan.amount),
        totalEarned: fmt(SMART_ASSET, after.totalEarned),
      },
      refType: 'smart_plan',
      refId: plan.id.toString(),
    });
  }
  return after;
}

/** Running plans with a day due at `now`, oldest first. */
async function duePlanIds(db: DbOrTx, now: number, limit: number): Promise<bigint[]> {
  const rows = await db
    .select({ id: smartPlans.id })
    .from(smartPlans)
    .where(
      and(
        eq(smartPlans.status, 'earning'),
        sql`${smartPlans.startTime} + (${smartPlans.daysPaid} + 1) * interval '1 day' <= ${new Date(now).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(smartPlans.startTime))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Settles every plan with a day due at `now`, each in its own transaction (one plan's failure
 * does not hold back the others). Returns how many payouts were made.
 */
export async function runDuePayouts(deps: SmartDeps, now: number): Promise<{ plans: number; payouts: number }> {
  let plans = 0;
  let payouts = 0;
  const seen = new Set<string>();
  for (;;) {
    const ids = (await duePlanIds(deps.db, now, 200)).filter((id) => !seen.has(id.toString()));
    if (ids.length === 0) break;
    for (const id of ids) {
      seen.add(id.toString());
      const events = new PendingEvents();
      try {
        const paid = await deps.db.transaction(async (tx) => {
          const plan = await lockPlan(tx, id);
          if (!plan) return 0;
          const after = await settlePlan(tx, plan, now, events);
          return after.daysPaid - plan.daysPaid;
        });
        await events.publish(deps);
        if (paid > 0) plans++;
        payouts += paid;
      } catch (err) {
        deps.log.error({ err, plan: id.toString() }, 'smart plan payout failed; retried on the next run');
      }
    }
  }
  return { plans, payouts };
}
