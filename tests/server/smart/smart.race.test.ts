import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { body, buildTestApp, usingPostgres, useTestApp, type TestApp } from '../helpers.ts';
import { createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';
import { buy, fundReserve, plans, productIds, reserveOf, smartCounts, testClock } from './smartFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { startSmartEngine } from '../../../server/smart/engine.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { waitFor } from '../../setup/waitFor.ts';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The reserve can never promise more than it holds, whatever races; payouts are made once per
 * plan and day whoever runs them. On PostgreSQL the requests overlap on a pool and a second
 * instance shares the database; on PGlite they queue on one connection.
 */
describe(`smart plans under races (${usingPostgres() ? 'PostgreSQL pool' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op: TestUser;
  let ids: Record<string, string>;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    ids = await productIds(t.app);
  });

  it('an empty reserve sells nothing: every term shows sold out and a purchase is refused with 10070, writing nothing', async () => {
    const list = body(await t.app.inject({ url: '/swx/customer/order/listSmartProduct' })).result;
    for (const p of list.products) expect(p.terms.every((x: { available: boolean }) => !x.available)).toBe(true);
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '1000');
    const before = await smartCounts(t.app);
    expect((await buy(t.app, u, { productId: ids['Steady 30'], amount: '1000', days: 30 })).code).toBe(Err.SMART_SOLD_OUT);
    expect(await smartCounts(t.app)).toEqual(before);
  });

  it('30 simultaneous purchases against a reserve covering 7: exactly 7 plans, 23 sold out, the reserve at its remainder', async () => {
    // each plan promises 1000 × 0.00016 × 30 = 4.8; the reserve covers 7 and a bit
    await fundReserve(t.app, op, '34.6');
    const users = await Promise.all(Array.from({ length: 30 }, () => createUser(t.app)));
    for (const u of users) await fund(t.app, u.id, 'USDT', '1000');
    const before = await smartCounts(t.app);
    const replies = await Promise.all(users.map((u) => buy(t.app, u, { productId: ids['Steady 30'], amount: '1000', days: 30 })));
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === Ok.PURCHASE_SUCCESSFUL)).toHaveLength(7);
    expect(codes.filter((c) => c === Err.SMART_SOLD_OUT)).toHaveLength(23);
    const after = await smartCounts(t.app);
    expect(after.plans - before.plans).toBe(7);
    expect(after.transfers - before.transfers).toBe(14);
    expect(await reserveOf(t.app)).toMatchObject({
      balance: '1.000000',
      committedYield: '33.600000',
      outstandingYield: '33.600000',
      coverage: '1',
      runningPlans: 7,
    });
    const steady = body(await t.app.inject({ url: '/swx/customer/order/listSmartProduct' })).result.products[1];
    // 1 USDT of reserve backs 1 / (0.00016 × 30) = 208.33 of principal: the product stays on sale up to that
    expect(steady.terms[0]).toMatchObject({ coveredAmount: '208.333333', available: true });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('one user buying the same product twice at once with two keys gets one plan (10024 for the other)', async () => {
    await fundReserve(t.app, op, '100');
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '1000');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => buy(t.app, u, { productId: ids['Flexible 7'], amount: '150', days: 7 })),
    );
    expect(replies.filter((r) => r.code === Ok.PURCHASE_SUCCESSFUL)).toHaveLength(1);
    expect(replies.filter((r) => r.code === Err.ALREADY_BOUGHT)).toHaveLength(5);
    // and six retries of one key answer one plan
    const v = await createUser(t.app);
    await fund(t.app, v.id, 'USDT', '1000');
    const key = crypto.randomUUID();
    const same = await Promise.all(
      Array.from({ length: 6 }, () => buy(t.app, v, { productId: ids['Flexible 7'], amount: '150', days: 7, clientKey: key })),
    );
    expect(new Set(same.map((r) => `${r.code}:${r.result?.id}`)).size).toBe(1);
    expect(await plans(t.app, v)).toHaveLength(1);
  });

  it('payout runs racing each other pay each plan and day once', async () => {
    clock.days(2);
    const results = await Promise.all([t.app.smart.runDue(), t.app.smart.runDue(), t.app.smart.runDue()]);
    const paid = results.reduce((s, r) => s + r.payouts, 0);
    const [{ n }] = rows<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from ledger_transfers where reason = 'smart.yield'`),
    );
    expect(paid).toBe(Number(n));
    // 7 + 2 plans, two days each
    expect(Number(n)).toBe(18);
    const dup = rows<{ k: string }>(
      await t.app.db.execute(
        sql`select ref_id as k from notifications where kind = 'smart.payout' group by ref_id, params->>'day' having count(*) > 1`,
      ),
    );
    expect(dup).toEqual([]);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  describe.skipIf(!usingPostgres())('two instances on one database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp({ databaseUrl: t.config.databaseUrl, clock: clock.now });
      return () => second.close();
    });

    it('both running the payouts at once pay each day once', async () => {
      clock.days(1);
      const [a, b] = await Promise.all([t.app.smart.runDue(), second.app.smart.runDue()]);
      expect(a.payouts + b.payouts).toBe(9);
      const [{ n }] = rows<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from ledger_transfers where reason = 'smart.yield'`),
      );
      expect(Number(n)).toBe(27);
      expect((await reconcile(t.app.db)).ok).toBe(true);
    });

    it('one instance leads the scheduler; when it stops the other takes over, and the missed day is paid once', async () => {
      t.config.smartTickMs = 100;
      t.config.leaderRetryMs = 200;
      second.config.smartTickMs = 100;
      second.config.leaderRetryMs = 200;
      const stopA = await startSmartEngine(t.app);
      const stopB = await startSmartEngine(second.app);
      let stoppedB = false;
      try {
        await waitFor(
          '() => t.app.smart.schedulerRunning !== second.app.smart.schedulerRunni',
          () => t.app.smart.schedulerRunning !== second.app.smart.schedulerRunning,
        );
        expect(t.app.smart.schedulerRunning).toBe(true);
        expect(second.app.smart.schedulerRunning).toBe(false);
        clock.days(1);
        await waitFor(
          'async () => rows<{ n: number }>( await t.app.db.execute(sql`select cou',
          async () =>
            rows<{ n: number }>(
              await t.app.db.execute(sql`select count(*)::int as n from ledger_transfers where reason = 'smart.yield'`),
            )[0].n >= 36,
        );
        await stopA();
        await waitFor('second.app.smart.schedulerRunning', () => second.app.smart.schedulerRunning);
        clock.days(1);
        await waitFor(
          'async () => rows<{ n: number }>( await t.app.db.execute(sql`select cou',
          async () =>
            rows<{ n: number }>(
              await t.app.db.execute(sql`select count(*)::int as n from ledger_transfers where reason = 'smart.yield'`),
            )[0].n >= 45,
        );
        await stopB();
        stoppedB = true;
        const [{ n }] = rows<{ n: number }>(
          await t.app.db.execute(sql`select count(*)::int as n from ledger_transfers where reason = 'smart.yield'`),
        );
        expect(Number(n)).toBe(45);
        const keys = await t.app.db
          .select({ k: ledgerTransfers.idempotencyKey })
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.reason, 'smart.yield'));
        expect(new Set(keys.map((r) => r.k)).size).toBe(45);
        const payoutNotes = await t.app.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.kind, 'smart.payout'));
        expect(payoutNotes).toHaveLength(45);
      } finally {
        await stopA();
        if (!stoppedB) await stopB();
      }
      expect((await reconcile(t.app.db)).ok).toBe(true);
    });
  });
});
