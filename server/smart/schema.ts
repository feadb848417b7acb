import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, userOwned, money, instant } from '../platform/db/columns.ts';
import type { SmartPlanStatus } from '../../src/machines/smart/smartPlan.ts';

/** A term a product offers: its length and its daily rate (a fraction, "0.0001" = 0.01 %). */
export interface SmartTermRow {
  days: number;
  dailyRate: string;
}

/**
 * What can be bought (docs/smart-plans.md). Seeded once by `code`, then edited by operators
 * (audited). A purchase copies the rate and penalty it was sold with into the plan, so editing a
 * product never changes a running plan.
 */
export const smartProducts = pgTable(
  'smart_products',
  {
    id: serialId(),
    /** the seed's stable name for the row (e.g. 'steady-30'); never shown */
    code: text().notNull(),
    name: text().notNull(),
    asset: text().notNull().default('USDT'),
    minAmount: money().notNull(),
    maxAmount: money().notNull(),
    terms: jsonb().$type<SmartTermRow[]>().notNull(),
    earlyExitPenalty: numeric({ precision: 12, scale: 10 }).notNull(),
    enabled: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('smart_products_code').on(t.code),
    check('smart_products_amounts', sql`${t.minAmount} > 0 AND ${t.maxAmount} >= ${t.minAmount}`),
  ],
);

/**
 * A user's plan (real book only). The principal sits in the user's plan_principal account and
 * the whole promised yield in the platform's committed-yield account from purchase on. Status
 * moves only along src/machines/smartPlan.ts. Times are the service clock's (tests move it).
 */
export const smartPlans = pgTable(
  'smart_plans',
  {
    ...userOwned(),
    productId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => smartProducts.id),
    productName: text().notNull(),
    asset: text().notNull().default('USDT'),
    amount: money().notNull(),
    days: integer().notNull(),
    dailyRate: numeric({ precision: 12, scale: 10 }).notNull(),
    /** amount × dailyRate rounded down to the asset's places: what each day pays */
    dailyEarning: money().notNull(),
    /** dailyEarning × days: set aside from the reserve at purchase */
    expectedProfit: money().notNull(),
    earlyExitPenalty: numeric({ precision: 12, scale: 10 }).notNull(),
    startTime: instant().notNull(),
    endTime: instant().notNull(),
    daysPaid: integer().notNull().default(0),
    totalEarned: money().notNull().default('0'),
    status: text().$type<SmartPlanStatus>().notNull().default('earning'),
    penalty: money(),
    closedAt: instant(),
    /** the app's idempotency key: a retry with it answers this plan */
    clientKey: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('smart_plans_client_key').on(t.userId, t.clientKey),
    // one running plan per product per user (10024), whatever the race
    uniqueIndex('smart_plans_one_running')
      .on(t.userId, t.productId)
      .where(sql`${t.status} = 'earning'`),
    index('smart_plans_user').on(t.userId, t.id),
    // the scheduler's scan: running plans by the time their next day falls due
    index('smart_plans_due').on(t.status, t.startTime),
    check('smart_plans_amounts', sql`${t.amount} > 0 AND ${t.days} > 0 AND ${t.daysPaid} >= 0 AND ${t.daysPaid} <= ${t.days}`),
  ],
);

/**
 * House capital into and out of the yield reserve (docs/smart-plans.md, "House capital"): each
 * movement is proposed by one operator (`operatorId`) and moves money only when another confirms
 * it (`decidedBy`, status 'confirmed'); any operator may reject a proposal. Each records where the
 * capital is held: a chain address and transaction hash, or a bank reference. Rows from before
 * migration 0023 were single-operator fundings, already moved: 'confirmed', without evidence.
 */
export const smartReserveFundings = pgTable(
  'smart_reserve_fundings',
  {
    id: serialId(),
    /** the proposer */
    operatorId: bigint({ mode: 'bigint' }).notNull(),
    kind: text().$type<'fund' | 'withdraw'>().notNull().default('fund'),
    status: text().$type<'proposed' | 'confirmed' | 'rejected'>().notNull().default('proposed'),
    amount: money().notNull(),
    note: text().notNull(),
    clientKey: text(),
    evidenceKind: text().$type<'chain' | 'bank'>(),
    evidenceNetwork: text(),
    evidenceAddress: text(),
    /** lower case: one on-chain transaction backs one movement */
    evidenceTxHash: text(),
    evidenceReference: text(),
    /** the confirming (or rejecting) operator */
    decidedBy: bigint({ mode: 'bigint' }),
    decidedAt: instant(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('smart_reserve_fundings_client_key').on(t.operatorId, t.clientKey),
    uniqueIndex('smart_reserve_fundings_tx_hash')
      .on(t.evidenceTxHash)
      .where(sql`${t.evidenceTxHash} IS NOT NULL AND ${t.status} <> 'rejected'`),
    index('smart_reserve_fundings_pending').on(t.status, t.id),
    check('smart_reserve_fundings_amount', sql`${t.amount} > 0`),
    check('smart_reserve_fundings_kind', sql`${t.kind} IN ('fund', 'withdraw')`),
    check('smart_reserve_fundings_status', sql`${t.status} IN ('proposed', 'confirmed', 'rejected')`),
  ],
);
