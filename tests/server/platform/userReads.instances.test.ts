/**
 * A user's reads kept in memory on two instances sharing PostgreSQL and Redis (issues 26, 44): a
 * change made through A is seen by the very next read on B, which held the old rows. B reaches
 * Redis through a proxy that hands it every message 400 ms late, as a slow network or a busy
 * instance would: the hint that A's write publishes reaches B after B's next read, so the test
 * fails if the version is not moved by the write (B serves its old copy) or not checked by B's
 * read.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createTestDatabase, waitFor, type TestApp } from '../helpers.ts';
import { REDIS_URL } from '../productionFixtures.ts';
import { lateRedis } from '../lateRedis.ts';
import {
  addReceiveAddresses,
  adminCall,
  createUser,
  demo,
  fund,
  real,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';
import { buyOptions, closeOptions, marketClock, tick } from '../trading/tradingFixtures.ts';
import { USER_READS_CHANNEL } from '../../../server/platform/userReads.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { TRADING_PATHS } from '../../../src/contract/trading.ts';

const U = '/swx/customer/user';
const LATE_MS = 400;

describe('two instances, PostgreSQL + Redis: a change through A is seen by the next read on B', () => {
  const clock = marketClock();
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof lateRedis>>;
  let a: TestApp;
  let b: TestApp;
  let op: TestUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await lateRedis(LATE_MS, { subscriberOnly: true });
    const namespace = `user-reads-instances-${crypto.randomBytes(6).toString('hex')}:`;
    a = await buildTestApp({ clock: clock.now }, { DATABASE_URL: db.url, REDIS_URL, BUS_NAMESPACE: namespace });
    b = await buildTestApp({ clock: clock.now }, { DATABASE_URL: db.url, REDIS_URL: proxy.url, BUS_NAMESPACE: namespace });
    expect(a.app.userReads.enabled && b.app.userReads.enabled).toBe(true);
    // both hear the hints (what the test shows is that B's fresh reads do not depend on them)
    await waitFor('both instances subscribed', () => [a, b].every((t) => t.app.bus.hearing(USER_READS_CHANNEL)));
    op = await createUser(a.app, 'operator');
    await addReceiveAddresses(a.app);
    tick(a.app, clock, { BTCUSDT: 67000, ETHUSDT: 3500 });
  }, 240_000); // two platforms
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await proxy?.close();
    await db?.drop();
  });

  const info = async (t: TestApp, u: TestUser) =>
    body(await t.app.inject({ method: 'POST', url: `${U}/getUserInfo`, headers: real(u), payload: {} })).result;
  const usdt = async (t: TestApp, u: TestUser, book: 'real' | 'demo' = 'real') =>
    ((await info(t, u)).balances[book].assets as Array<{ asset: string; available: string }>).find((x) => x.asset === 'USDT')!
      .available;
  const deposits = async (t: TestApp, u: TestUser) =>
    body(await t.app.inject({ url: `${U}/listRecharge`, headers: real(u) })).result;
  const positions = async (t: TestApp, u: TestUser) =>
    body(await t.app.inject({ url: TRADING_PATHS.list, headers: demo(u) })).result;
  /**
   * B holds the user's reads in memory: asked again, nothing more is kept. The hint of a write
   * before (the user's funding) reaches B 400 ms late, and a read under way when it comes is not
   * kept: asked until one is.
   */
  const heldOnB = async (read: () => Promise<unknown>) => {
    await read();
    await waitFor('B keeps the read', async () => {
      const held = b.app.userReads.size;
      await read();
      return held > 0 && b.app.userReads.size === held;
    });
  };

  it('a transfer on A: the balance on B at its next getUserInfo', async () => {
    const u = await createUser(a.app);
    await heldOnB(() => usdt(b, u));
    expect(await usdt(b, u)).toBe('0.000000');
    await fund(a.app, u.id, 'USDT', '321.5');
    expect(await usdt(b, u)).toBe('321.500000');
  });

  it('a deposit claimed and approved through A: the list and the balance on B at their next reads', async () => {
    const u = await createUser(a.app);
    await heldOnB(() => deposits(b, u));
    await usdt(b, u);
    const claim = body(await recharge(a.app, u, rechargeFields({ amount: '150' })));
    expect(claim.code).toBe(Ok.RECHARGE_SUBMITTED);
    expect((await deposits(b, u)).rows.map((d: { status: string }) => d.status)).toEqual(['pending']);
    expect((await adminCall(a.app, op, 'POST', `/deposits/${claim.result.id}/approve`, {})).code).toBe(Ok.SUCCESS);
    expect((await deposits(b, u)).rows.map((d: { status: string }) => d.status)).toEqual(['approved']);
    expect(await usdt(b, u)).toBe('150.000000');
  });

  it('a position opened, its stops moved and closed through A: the page and the balance on B at each next read', async () => {
    const u = await createUser(a.app);
    await fund(a.app, u.id, 'USDT', '5000', 'demo');
    await heldOnB(() => positions(b, u));
    expect((await positions(b, u)).total).toBe(0);
    expect(await usdt(b, u, 'demo')).toBe('5000.000000');
    const opened = await buyOptions(a.app, demo(u), { stopLoss: '66000' });
    expect(opened.code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect((await positions(b, u)).rows.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [opened.result.id, 'open'],
    ]);
    expect(await usdt(b, u, 'demo')).toBe('4326.650000');
    const moved = body(
      await a.app.inject({
        method: 'POST',
        url: TRADING_PATHS.stops,
        headers: demo(u),
        payload: { id: opened.result.id, stopLoss: '66500', takeProfit: null },
      }),
    );
    expect(moved.code).toBe(Ok.MODIFIED);
    expect((await positions(b, u)).rows[0].stopLoss).toBe('66500.00');
    expect((await closeOptions(a.app, demo(u), opened.result.id)).code).toBe(Ok.SUCCESS);
    expect((await positions(b, u)).rows[0].status).toBe('closed');
    expect(await usdt(b, u, 'demo')).toBe('4993.300000');
  });
});
