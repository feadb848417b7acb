import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { adminCall, createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import {
  balancesOf,
  buy,
  clientKey,
  fundReserve,
  plans,
  productIds,
  reserveOf,
  smartCounts,
  testClock,
} from './smartFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { DAY_MS } from '../../../src/contract/smart.ts';

/**
 * A real-book customer's plan from purchase to payouts, maturity and early exit, with the clock
 * moved by hand; every refusal writes nothing; the ledger reconciles after each story.
 */
describe(`smart plans: buy, payouts, maturity, early exit (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op: TestUser;
  let ids: Record<string, string>;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    await fundReserve(t.app, op, '10000');
    ids = await productIds(t.app);
  });

  it('lists the three seeded products with their daily and annual rates and what the reserve covers', async () => {
    const r = body(await t.app.inject({ url: '/swx/customer/order/listSmartProduct' })).result;
    expect(r.products.map((p: { name: string }) => p.name)).toEqual(['Flexible 7', 'Steady 30', 'Long 90']);
    const steady = r.products[1];
    expect(steady).toMatchObject({
      minAmount: '100.000000',
      maxAmount: '100000.000000',
      earlyExitPenalty: '0.02',
      asset: 'USDT',
    });
    expect(steady.terms).toEqual([
      { days: 30, dailyRate: '0.00016', annualRate: '0.0584', coveredAmount: '100000.000000', available: true },
    ]);
    // 10,000 of reserve backs 10000 / (0.00022 × 90) = 505,050.50 of Long 90: capped at the maximum
    expect(r.products[2].terms[0].coveredAmount).toBe('100000.000000');
    expect(r.reserve).toMatchObject({ balance: '10000.000000', committedYield: '0.000000', coverage: '1', runningPlans: 0 });
  });

  it('buy: principal to the plan, the whole promised yield from the reserve to committed; a retry answers the first plan', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '2000');
    const key = clientKey();
    const start = clock.now();
    const r = await buy(t.app, u, { productId: ids['Steady 30'], amount: '1000', days: 30, clientKey: key });
    expect(r.code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect(r.result).toMatchObject({
      productName: 'Steady 30',
      amount: '1000.000000',
      days: 30,
      dailyRate: '0.00016',
      dailyEarning: '0.160000',
      expectedProfit: '4.800000',
      daysPaid: 0,
      totalEarned: '0.000000',
      todayEarnings: '0.000000',
      status: 'earning',
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 30 * DAY_MS).toISOString(),
      nextEarningTime: new Date(start + DAY_MS).toISOString(),
    });
    const before = await smartCounts(t.app);
    const again = await buy(t.app, u, { productId: ids['Steady 30'], amount: '1000', days: 30, clientKey: key });
    expect(again.result.id).toBe(r.result.id);
    expect(await smartCounts(t.app)).toEqual(before);
    expect(await balancesOf(t.app, u)).toMatchObject({ available: '1000.000000', planPrincipal: '1000.000000' });
    expect(await reserveOf(t.app)).toMatchObject({
      balance: '9995.200000',
      committedYield: '4.800000',
      outstandingYield: '4.800000',
      coverage: '1',
      runningPlans: 1,
    });
    const [n] = await t.app.db.select().from(notifications).where(eq(notifications.refId, r.result.id));
    expect(n.kind).toBe('smart.bought');
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('a day later one payout lands (key plan:<id>:yield:1); running the scheduler again pays nothing more', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '500');
    const p = (await buy(t.app, u, { productId: ids['Flexible 7'], amount: '500', days: 7 })).result;
    clock.ms(DAY_MS - 1);
    expect((await t.app.smart.runDue()).payouts).toBe(0);
    clock.ms(1);
    // this plan's first day, and that of the plan bought at the same instant in the test above
    expect(await t.app.smart.runDue()).toMatchObject({ payouts: 2 });
    expect(await t.app.smart.runDue()).toMatchObject({ payouts: 0 });
    const [plan] = await plans(t.app, u);
    expect(plan).toMatchObject({ daysPaid: 1, totalEarned: '0.050000', todayEarnings: '0.050000', status: 'earning' });
    expect(plan.nextEarningTime).toBe(new Date(Date.parse(p.startTime) + 2 * DAY_MS).toISOString());
    expect(await balancesOf(t.app, u)).toMatchObject({ available: '0.050000', planPrincipal: '500.000000' });
    const keys = (
      await t.app.db.select({ k: ledgerTransfers.idempotencyKey }).from(ledgerTransfers).where(eq(ledgerTransfers.refId, p.id))
    )
      .map((r) => r.k)
      .sort();
    expect(keys).toEqual([`plan:${p.id}:principal:in`, `plan:${p.id}:yield:1`, `plan:${p.id}:yield:commit`]);
    const kinds = (await t.app.db.select({ k: notifications.kind }).from(notifications).where(eq(notifications.refId, p.id))).map(
      (r) => r.k,
    );
    expect(kinds.sort()).toEqual(['smart.bought', 'smart.payout']);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('after downtime the scheduler catches up every missed day once, and at maturity returns the principal', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '300');
    const p = (await buy(t.app, u, { productId: ids['Flexible 7'], amount: '300', days: 7 })).result;
    clock.days(3.5); // nobody ran for three and a half days
    expect((await t.app.smart.runDue()).payouts).toBeGreaterThanOrEqual(3);
    expect((await plans(t.app, u))[0]).toMatchObject({ daysPaid: 3, totalEarned: '0.090000' });
    clock.days(10);
    await t.app.smart.runDue();
    const [done] = await plans(t.app, u);
    expect(done).toMatchObject({
      status: 'completed',
      daysPaid: 7,
      totalEarned: '0.210000',
      expectedProfit: '0.210000',
      nextEarningTime: null,
      closedAt: p.endTime,
    });
    expect(await balancesOf(t.app, u)).toMatchObject({ available: '300.210000', planPrincipal: '0.000000' });
    const kinds = (await t.app.db.select({ k: notifications.kind }).from(notifications).where(eq(notifications.refId, p.id))).map(
      (r) => r.k,
    );
    expect(kinds.filter((k) => k === 'smart.payout')).toHaveLength(7);
    expect(kinds).toContain('smart.completed');
    // maturity ends the plan: the product may be bought again
    await fund(t.app, u.id, 'USDT', '100');
    expect((await buy(t.app, u, { productId: ids['Flexible 7'], amount: '100', days: 7 })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('early exit: the quoted penalty exactly, the rest back, unpaid yield back to the reserve', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '12345.678901');
    const p = (await buy(t.app, u, { productId: ids['Long 90'], amount: '12345.678901', days: 90 })).result;
    expect(p).toMatchObject({ dailyEarning: '2.716049', expectedProfit: '244.444410' });
    clock.days(2);
    const reserveBefore = await reserveOf(t.app);
    const q = body(await t.app.inject({ url: `/swx/customer/order/smartExitQuote/${p.id}`, headers: real(u) }));
    // 12345.678901 × 2 % = 246.91357802 → 246.913578 (rounded down); two days are paid, 88 × 2.716049 go back
    expect(q.result).toEqual({
      id: p.id,
      principal: '12345.678901',
      penalty: '246.913578',
      refund: '12098.765323',
      unpaidYieldReturned: '239.012312',
    });
    const r = body(
      await t.app.inject({ method: 'POST', url: '/swx/customer/order/exitSmart', headers: real(u), payload: { id: p.id } }),
    );
    expect(r.code).toBe(Ok.SUCCESS);
    expect(r.result).toMatchObject({
      status: 'exited',
      penalty: '246.913578',
      daysPaid: 2,
      totalEarned: '5.432098',
      nextEarningTime: null,
    });
    // the promise of 244.444410 ended with the exit: the plan's expected profit is what it paid, in the answer and the list
    expect(r.result.expectedProfit).toBe('5.432098');
    const listed = body(await t.app.inject({ url: '/swx/customer/order/listSmartOrder?pageNum=1&pageSize=10', headers: real(u) }))
      .result.rows;
    expect(listed.find((x: { id: string }) => x.id === p.id)).toMatchObject({
      status: 'exited',
      expectedProfit: '5.432098',
      totalEarned: '5.432098',
    });
    expect(await balancesOf(t.app, u)).toMatchObject({ available: '12104.197421', planPrincipal: '0.000000' });
    const reserveAfter = await reserveOf(t.app);
    expect(Number(reserveAfter.balance) - Number(reserveBefore.balance)).toBeCloseTo(239.012312, 6);
    // a second exit is refused and moves nothing
    const before = await smartCounts(t.app);
    expect(
      body(await t.app.inject({ method: 'POST', url: '/swx/customer/order/exitSmart', headers: real(u), payload: { id: p.id } }))
        .code,
    ).toBe(Err.STATUS_TRANSITION_DENIED);
    expect(body(await t.app.inject({ url: `/swx/customer/order/smartExitQuote/${p.id}`, headers: real(u) })).code).toBe(
      Err.STATUS_TRANSITION_DENIED,
    );
    expect(await smartCounts(t.app)).toEqual(before);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('another user cannot quote or exit my plan (10043)', async () => {
    const [u, v] = [await createUser(t.app), await createUser(t.app)];
    await fund(t.app, u.id, 'USDT', '100');
    const p = (await buy(t.app, u, { productId: ids['Flexible 7'], amount: '100', days: 7 })).result;
    expect(body(await t.app.inject({ url: `/swx/customer/order/smartExitQuote/${p.id}`, headers: real(v) })).code).toBe(
      Err.RECORD_NOT_FOUND,
    );
    expect(
      body(await t.app.inject({ method: 'POST', url: '/swx/customer/order/exitSmart', headers: real(v), payload: { id: p.id } }))
        .code,
    ).toBe(Err.RECORD_NOT_FOUND);
  });

  it('refusals write nothing: demo 10033, disabled 10051, product 10010, days 10012, amount 10013, same product 10024, balance 10011', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '1000');
    await fund(t.app, u.id, 'USDT', '1000', 'demo');
    expect((await buy(t.app, u, { productId: ids['Steady 30'], amount: '200', days: 30 })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
    const before = await smartCounts(t.app);
    const cases: Array<[number, Parameters<typeof buy>[2], Record<string, string>?]> = [
      [Err.DEMO_NOT_ALLOWED, { productId: ids['Long 90'], amount: '100', days: 90 }, demo(u)],
      [Err.SMART_PRODUCT_WRONG, { productId: '999999', amount: '100', days: 90 }],
      [Err.NO_MATCHING_DAYS, { productId: ids['Long 90'], amount: '100', days: 30 }],
      [Err.INVESTMENT_AMOUNT_WRONG, { productId: ids['Long 90'], amount: '99.999999', days: 90 }],
      [Err.INVESTMENT_AMOUNT_WRONG, { productId: ids['Long 90'], amount: '100000.000001', days: 90 }],
      [Err.INVESTMENT_AMOUNT_WRONG, { productId: ids['Long 90'], amount: '100.0000001', days: 90 }],
      [Err.ALREADY_BOUGHT, { productId: ids['Steady 30'], amount: '200', days: 30 }],
      [Err.INSUFFICIENT_BALANCE, { productId: ids['Long 90'], amount: '800.000001', days: 90 }],
    ];
    for (const [code, b, headers] of cases)
      expect((await buy(t.app, u, b, headers ?? real(u))).code, JSON.stringify(b)).toBe(code);
    expect(body(await t.app.inject({ url: '/swx/customer/order/listSmartOrder', headers: demo(u) })).code).toBe(
      Err.DEMO_NOT_ALLOWED,
    );
    expect(await smartCounts(t.app)).toEqual(before);

    // the operator turns smart trading off for the user (audited); buying is refused with 10051
    const off = await adminCall(t.app, op, 'PUT', `/smart/users/${u.id}`, { smartEnabled: false });
    expect(off.result).toMatchObject({ id: u.id.toString(), smartEnabled: false });
    const mid = await smartCounts(t.app);
    expect(mid.audit - before.audit).toBe(1);
    expect((await buy(t.app, u, { productId: ids['Long 90'], amount: '100', days: 90 })).code).toBe(Err.SMART_NOT_ENABLED);
    expect(await smartCounts(t.app)).toEqual(mid);
    await adminCall(t.app, op, 'PUT', `/smart/users/${u.id}`, { smartEnabled: true });
    expect((await buy(t.app, u, { productId: ids['Long 90'], amount: '100', days: 90 })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
  });

  it('an edited product keeps running plans on the rate they bought; the edit is audited', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '1000');
    const p = (await buy(t.app, u, { productId: ids['Long 90'], amount: '1000', days: 90 })).result;
    const before = await smartCounts(t.app);
    const edit = await adminCall(t.app, op, 'PUT', `/smart/products/${ids['Long 90']}`, {
      name: 'Long 90',
      minAmount: '50',
      maxAmount: '5000',
      terms: [
        { days: 90, dailyRate: '0.0003' },
        { days: 60, dailyRate: '0.00025' },
      ],
      earlyExitPenalty: '0.03',
      enabled: true,
    });
    expect(edit.result).toMatchObject({
      minAmount: '50.000000',
      earlyExitPenalty: '0.03',
      terms: [
        { days: 60, dailyRate: '0.00025' },
        { days: 90, dailyRate: '0.0003' },
      ],
    });
    expect((await smartCounts(t.app)).audit - before.audit).toBe(1);
    clock.days(1);
    await t.app.smart.runDue();
    const mine = (await plans(t.app, u)).find((x: { id: string }) => x.id === p.id);
    expect(mine).toMatchObject({ dailyRate: '0.00022', earlyExitPenalty: '0.02', totalEarned: '0.220000' });
    const bad = await adminCall(t.app, op, 'PUT', `/smart/products/${ids['Long 90']}`, {
      name: 'Long 90',
      minAmount: '500',
      maxAmount: '50',
      terms: [{ days: 90, dailyRate: '0.0003' }],
      earlyExitPenalty: '0.03',
      enabled: true,
    });
    expect(bad.code).toBe(Err.MALFORMED_REQUEST);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
