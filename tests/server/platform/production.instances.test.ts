import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq, gte, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../server/config.ts';
import { buildTestApp, body, createTestDatabase, usingPostgres, type TestApp } from '../helpers.ts';
import { ADDR, adminCall, createUser, fund, hash, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buyOptions, clientKey, getOrder, marketClock, usdt } from '../trading/tradingFixtures.ts';
import { balancesOf, buy as buySmart, fundReserve, plans, productIds } from '../smart/smartFixtures.ts';
import { loanDetail, submitLoan, terms, verifiedUser } from '../loans/loanFixtures.ts';
import { buyNft, detail, usdt as nftUsdt } from '../nfts/nftFixtures.ts';
import { JOB_NAMES, countRuns, leadersOf, productionEnv, standInFeed, waitFor, watchLeaders } from '../productionFixtures.ts';
import { WsProbe } from '../wsClient.ts';
import { priceAlerts } from '../../../server/alerts/schema.ts';
import { equitySnapshots } from '../../../server/portfolio/schema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { liabilitySnapshots } from '../../../server/proof/schema.ts';
import { loanAccruals } from '../../../server/loans/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { optionsOrders } from '../../../server/trading/schema.ts';
import { optionsPendingOrders } from '../../../server/trading/pendingSchema.ts';
import { storeSnapshots, utcDay } from '../../../server/portfolio/snapshots.ts';
import { fillPending } from '../../../server/trading/pending.ts';
import { ALERT_REF_TYPE } from '../../../server/alerts/service.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { JOBS, type JobName } from '../../../server/domains.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { WS_PATH } from '../../../src/contract/ws.ts';
import { PENDING_PATHS, PENDING_REF_TYPE } from '../../../src/contract/pendingOrders.ts';
import { ORDER_REF_TYPE } from '../../../src/contract/trading.ts';
import { ALERT_PATHS } from '../../../src/contract/alerts.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const RETRY_MS = 200;

/**
 * The production shape in one process (docs/testing-production-shape.md): two platform instances
 * built as `npm start` builds one, with NODE_ENV=production, every engine on, one fresh PostgreSQL
 * database and one Redis. Each story acts on one instance and reads the outcome through the other;
 * every scheduled job must be led by exactly one instance and run only there. The daily snapshots,
 * a pending order's fill and a price alert are also done by the instance that does not lead them,
 * at the same moment: the work itself must be claimed once in the database. Time moves with one
 * test clock both instances read; the test stands in for the feed leader, so prices are the ones
 * each story chooses (the last story hands the feed over to the instances).
 */
describe.runIf(usingPostgres())('production shape: two instances on PostgreSQL + Redis, NODE_ENV=production', () => {
  const clock = marketClock();
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let feed: Awaited<ReturnType<typeof standInFeed>>;
  let a: TestApp;
  let b: TestApp;
  let apps: FastifyInstance[];
  let runs: ReturnType<typeof countRuns>;
  let leaders: ReturnType<typeof watchLeaders>;
  let op1: TestUser;
  let op2: TestUser;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = productionEnv(db.url, RETRY_MS);
    feed = await standInFeed(db.url, env.BUS_NAMESPACE);
    // the platform clock of both instances: every domain reads it
    const overrides: Partial<Config> = {
      engines: true,
      clock: clock.now,
      tradingSweepMs: 100,
      tradingSyncMs: 200,
      smartTickMs: 200,
      loansTickMs: 200,
      nftTickMs: 200,
      alertsSyncMs: 200,
      equitySnapshotMs: 200,
      proofTickMs: 200,
    };
    a = await buildTestApp(overrides, env);
    b = await buildTestApp(overrides, env);
    apps = [a.app, b.app];
    for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });
    runs = countRuns(apps);
    leaders = watchLeaders(apps);
    op1 = await createUser(a.app, 'operator');
    op2 = await createUser(b.app, 'operator');
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 50_000, ETHUSDT: 3000 });
  });
  afterAll(async () => {
    leaders?.stop();
    await a?.close();
    await b?.close();
    await feed?.close();
    await db?.drop();
  });

  /**
   * `job` ran, and only where it led: never on an instance that did not lead it, and one instance
   * leads it now. (It may have changed hands: a leader whose event loop stalls past its lock check
   * lets go, and another takes over; the work itself is proven once by its keys and rows.)
   */
  const ranOnlyOnLeader = async (job: JobName) => {
    const counted = runs[job]!;
    expect(
      counted.runs.reduce((x, y) => x + y),
      `${job}: runs`,
    ).toBeGreaterThan(0);
    expect(counted.notLeading, `${job}: runs on an instance not leading it`).toEqual([0, 0]);
    await waitFor(`${job} led by exactly one instance`, () => leadersOf(apps)[job].length === 1, 10 * RETRY_MS + 2000);
  };
  const expectReconciled = async () => expect((await reconcile(a.app.db)).ok).toBe(true);
  /** Transfers per idempotency key among the keys matching `pattern`: each must be exactly one. */
  const transfersPerKey = async (pattern: string) => {
    const r = await a.app.db
      .select({ key: ledgerTransfers.idempotencyKey, n: sql<number>`count(*)::int` })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, pattern))
      .groupBy(ledgerTransfers.idempotencyKey);
    return Object.fromEntries(r.map((x) => [x.key, Number(x.n)]));
  };
  /** The kinds of the notifications about `refId` (of `refType` when given: ids of different things overlap). */
  const notificationKinds = async (refId: string, refType?: string) =>
    (
      await a.app.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(and(eq(notifications.refId, refId), refType === undefined ? undefined : eq(notifications.refType, refType)))
    ).map((n) => n.kind);

  it('runs in production mode, and every leader job is led by exactly one instance (each job its own lock)', async () => {
    for (const t of [a, b])
      expect(t.config).toMatchObject({ production: true, consoleDelivery: true, redisUrl: expect.any(String) });
    expect(new Set(JOBS.map((j) => j.lock)).size, 'distinct advisory locks').toBe(JOBS.length);
    // the feed is the test's stand-in until the last story
    const jobs = JOB_NAMES.filter((j) => j !== 'market-feed');
    await waitFor(
      `every job led (retry every ${RETRY_MS} ms)`,
      () => jobs.every((j) => leadersOf(apps)[j].length === 1),
      10 * RETRY_MS,
    ).catch(() => undefined);
    expect(Object.fromEntries(jobs.map((j) => [j, leadersOf(apps)[j].length]))).toEqual(
      Object.fromEntries(jobs.map((j) => [j, 1])),
    );
  });

  it('options: a stop-loss fires and a position expires, each settled once by the trigger leader; the owner sees both on the other instance', async () => {
    const u = await createUser(a.app);
    await fund(a.app, u.id, 'USDT', '10000');
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 67_000 });
    const stopped = await buyOptions(a.app, real(u), { period: 300, stopLoss: '66500' });
    const expiring = await buyOptions(b.app, real(u), { period: 60 });
    expect([stopped.code, expiring.code]).toEqual([Ok.PURCHASE_SUCCESSFUL, Ok.PURCHASE_SUCCESSFUL]);
    const ids = [stopped.result.id as string, expiring.result.id as string];
    await waitFor('the trigger leader watches both positions', () =>
      apps.some((app) => ids.every((id) => app.trading.engine?.index.has(id))),
    );

    await feed.step(apps, clock.ms(1000), { BTCUSDT: 66_400 });
    const sl = await waitFor('stop-loss seen on instance B', async () => {
      const o = (await getOrder(b.app, real(u), ids[0])).result;
      return o.status === 'closed' && o;
    });
    expect(sl).toMatchObject({ closeReason: 'stop_loss' });
    clock.ms(MIN);
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 66_800 });
    const ex = await waitFor('expiry seen on instance A', async () => {
      const o = (await getOrder(a.app, real(u), ids[1])).result;
      return o.status === 'closed' && o;
    });
    expect(ex).toMatchObject({ closeReason: 'expiry', closePrice: '66800.00' });

    for (const id of ids) {
      expect(await transfersPerKey(`order:${id}:close%`)).toMatchObject({ [`order:${id}:close`]: 1 });
      expect((await notificationKinds(id)).filter((k) => k === 'order.closed')).toHaveLength(1);
    }
    await ranOnlyOnLeader('trading-triggers');
    await expectReconciled();
  });

  it('NFT auction: bids on both instances; at the end the scheduler sells to the highest bidder once and the others have their money back', async () => {
    const end = clock.now() + DAY;
    const listed = await adminCall(a.app, op1, 'POST', '/nfts', {
      name: 'Two Harbours',
      creator: 'Test Studio',
      chain: 'Polygon',
      contractAddress: `0x${crypto.randomBytes(20).toString('hex')}`,
      tokenId: String(crypto.randomInt(1_000_000)),
      verified: true,
      saleType: 'auction',
      reservePrice: '50',
      endTime: new Date(end).toISOString(),
    });
    expect(listed.result, JSON.stringify(listed)).toMatchObject({ status: 'auction' });
    const id = listed.result.id as string;
    const [x, y, z] = [await createUser(a.app), await createUser(a.app), await createUser(a.app)];
    for (const u of [x, y, z]) await fund(a.app, u.id, 'USDT', '500');
    expect((await buyNft(a.app, x, { id, kind: 'bid', amount: '60' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect((await buyNft(b.app, y, { id, kind: 'bid', amount: '80' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect((await buyNft(a.app, z, { id, kind: 'bid', amount: '100' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);

    // the bids came a day before the end: no extension; the end passes
    clock.set(end + MIN);
    await waitFor('the auction settled, seen on instance B', async () => (await detail(b.app, id)).nft.status === 'sold');
    const d = await detail(b.app, id, z);
    expect(d.nft).toMatchObject({ status: 'sold', soldPrice: '100.000000', soldAt: new Date(end).toISOString() });
    expect(d.bids.map((bid: { amount: string; status: string; mine: boolean }) => [bid.amount, bid.status, bid.mine])).toEqual([
      ['100.000000', 'won', true],
      ['80.000000', 'released', false],
      ['60.000000', 'released', false],
    ]);
    expect(await nftUsdt(b.app, z)).toMatchObject({ available: '400.000000', nftBidHold: '0.000000' });
    for (const u of [x, y]) expect(await nftUsdt(a.app, u)).toMatchObject({ available: '500.000000', nftBidHold: '0.000000' });
    expect(await transfersPerKey(`nft:${id}:%`)).toEqual({ [`nft:${id}:sale`]: 1, [`nft:${id}:donation`]: 1 });
    await ranOnlyOnLeader('nft-auctions');
    await expectReconciled();
  });

  it('smart plan: bought on A, its daily yield and maturity paid by the scheduler once each, seen on B', async () => {
    await fundReserve(b.app, op2, '1000', op1);
    const ids = await productIds(a.app);
    const u = await createUser(a.app);
    await fund(a.app, u.id, 'USDT', '300');
    const p = (await buySmart(a.app, u, { productId: ids['Flexible 7'], amount: '300', days: 7 })).result;
    expect(p).toMatchObject({ status: 'earning', daysPaid: 0 });

    clock.ms(DAY);
    expect(
      await waitFor('the first day paid, seen on B', async () => {
        const [plan] = await plans(b.app, u);
        return plan.daysPaid === 1 && plan;
      }),
    ).toMatchObject({ totalEarned: '0.030000', status: 'earning' });
    clock.ms(6 * DAY);
    expect(
      await waitFor('matured, seen on B', async () => {
        const [plan] = await plans(b.app, u);
        return plan.status === 'completed' && plan;
      }),
    ).toMatchObject({ daysPaid: 7, totalEarned: '0.210000' });
    expect(await balancesOf(b.app, u)).toMatchObject({ available: '300.210000', planPrincipal: '0.000000' });

    const keys = await transfersPerKey(`plan:${p.id}:%`);
    const days = Array.from({ length: 7 }, (_, i) => [`plan:${p.id}:yield:${i + 1}`, 1]);
    expect(keys).toEqual(
      Object.fromEntries([
        ...days,
        [`plan:${p.id}:principal`, 1],
        [`plan:${p.id}:principal:in`, 1],
        [`plan:${p.id}:yield:commit`, 1],
      ]),
    );
    const kinds = await notificationKinds(p.id);
    expect(kinds.filter((k) => k === 'smart.payout')).toHaveLength(7);
    expect(kinds.filter((k) => k === 'smart.completed')).toHaveLength(1);
    await ranOnlyOnLeader('smart-scheduler');
    await expectReconciled();
  });

  it('loan: approved across instances; the scheduler accrues a day, calls the margin and sells part of the collateral after price moves, once each', async () => {
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 50_000 });
    const version = (await terms(a.app)).agreementVersion;
    const u = await verifiedUser(a.app, '1');
    const submitted = await submitLoan(a.app, u, version);
    expect(submitted.code, JSON.stringify(submitted)).toBe(Ok.SUBMITTED_FOR_REVIEW);
    const id = submitted.result.id as string;
    await adminCall(a.app, op1, 'POST', `/loans/${id}/approve`);
    expect((await adminCall(b.app, op2, 'POST', `/loans/${id}/approve`)).result.step).toBe('final');

    clock.ms(DAY);
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 50_000 });
    await waitFor('a day accrued, seen on B', async () => (await loanDetail(b.app, u, id)).result.accruals.length === 1);
    // 0.65 at 50,000: above 0.75 at 43,000
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 43_000 });
    await waitFor('the margin call', async () => (await notificationKinds(id)).includes('loan.margin_call'));
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 38_000 });
    // the detail reads the loan and its movements in two statements: wait until both show the sale
    const d = await waitFor('a partial liquidation, seen on A', async () => {
      const r = (await loanDetail(a.app, u, id)).result;
      return r.movements.some((m: { kind: string }) => m.kind === 'liquidation') && Number(r.loan.collateralAmount) < 1 && r;
    });
    expect(d.loan.status).toBe('repaying');
    expect(d.movements.filter((m: { kind: string }) => m.kind === 'liquidation')).toHaveLength(1);
    expect(Number(d.loan.ltv)).toBeCloseTo(0.65, 3);

    const accruals = await a.app.db
      .select({ day: loanAccruals.day })
      .from(loanAccruals)
      .where(eq(loanAccruals.loanId, BigInt(id)));
    expect(accruals).toHaveLength(1);
    const kinds = await notificationKinds(id);
    expect(kinds.filter((k) => k === 'loan.margin_call')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'loan.liquidated_partly')).toHaveLength(1);
    const keys = await transfersPerKey(`loan:${id}:%`);
    expect(Object.values(keys).every((n) => n === 1)).toBe(true);
    expect(Object.keys(keys).filter((k) => k.endsWith(':sold'))).toHaveLength(1);
    await ranOnlyOnLeader('loans-scheduler');
    await expectReconciled();
  });

  it("withdrawal: approved on instance A, the user's socket on instance B is told", async () => {
    const u = await createUser(a.app);
    await fund(a.app, u.id, 'USDT', '200');
    const port = (b.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
    const p = new WsProbe(ws);
    await once(ws, 'open');
    try {
      const authed = p.upcoming<{ ok: boolean }>((m) => m?.type === 'auth');
      p.send({ type: 'auth', token: u.token });
      expect((await authed).ok).toBe(true);
      const w = body(
        await a.app.inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: real(u),
          payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '100' },
        }),
      );
      expect(w.code, w.msg).toBe(Ok.WITHDRAWAL_SUBMITTED);
      const told = p.upcoming<{ event: Record<string, unknown> }>(
        (m) => m?.type === 'user' && (m.event as { kind?: string })?.kind === 'withdrawal.approved',
        10_000,
      );
      const r = await adminCall(a.app, op1, 'POST', `/withdrawals/${w.result.id}/approve`, { payoutTxHash: hash() });
      expect(r.result).toMatchObject({ status: 'approved' });
      expect((await told).event).toMatchObject({ kind: 'withdrawal.approved', refId: String(w.result.id) });
    } finally {
      ws.terminate();
    }
    await expectReconciled();
  });

  it("daily snapshots: a day's equity snapshots (one per user and book) and its liabilities snapshot are stored once, even when both instances run both jobs at once", async () => {
    const u = await createUser(b.app);
    await fund(b.app, u.id, 'USDT', '250');
    const now = clock.ms(DAY);
    const day = utcDay(now - DAY);
    // the day's jobs on both instances at the same moment, as if both led them (the leader's own run may join in)
    const [, taken] = await Promise.all([
      Promise.all(apps.map((app) => storeSnapshots(app.db, app.market, now))),
      Promise.all(apps.map((app) => app.proof.runDue())),
    ]);
    const twice = await a.app.db
      .select({ userId: equitySnapshots.userId, book: equitySnapshots.book })
      .from(equitySnapshots)
      .where(eq(equitySnapshots.day, day))
      .groupBy(equitySnapshots.userId, equitySnapshots.book)
      .having(sql`count(*) > 1`);
    expect(twice, 'equity snapshots stored twice').toEqual([]);
    const mine = await b.app.db
      .select()
      .from(equitySnapshots)
      .where(and(eq(equitySnapshots.userId, u.id), eq(equitySnapshots.day, day)));
    expect(mine.map((x) => [x.book, x.equity])).toEqual([['real', '250.000000']]);

    const today = await a.app.db
      .select()
      .from(liabilitySnapshots)
      .where(gte(liabilitySnapshots.takenAt, new Date(now - (now % DAY))));
    expect(today.map((x) => [x.trigger, x.status, x.period])).toEqual([['schedule', 'published', utcDay(now)]]);
    expect(taken.filter((x) => x.taken).length).toBeLessThanOrEqual(1);
    // the customer's proof, served by the other instance, is in that snapshot
    const proof = body(await a.app.inject({ url: '/swx/customer/user/proof', headers: real(u) }));
    expect(proof.result).toMatchObject({
      snapshotId: today[0].id.toString(),
      balances: ['250.000000', '0.00000000', '0.00000000'],
    });
  });

  it('pending order: placed on B, filled once at the tick that reaches its level (one position, one hold released, one notice), even when the other instance fills it at that tick too', async () => {
    const u = await createUser(b.app);
    await fund(b.app, u.id, 'USDT', '2000');
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 67_000 });
    const placed = body(
      await b.app.inject({
        method: 'POST',
        url: PENDING_PATHS.place,
        headers: real(u),
        payload: {
          code: 'BTCUSDT',
          direction: 'up',
          lots: '0.1',
          leverage: 10,
          period: 300,
          entryKind: 'limit',
          entryPrice: '66000',
          validity: 3600,
          clientKey: clientKey(),
        },
      }),
    );
    expect(placed.code, JSON.stringify(placed)).toBe(Ok.PURCHASE_SUCCESSFUL);
    const id = placed.result.id as string;
    const leader = await waitFor('the trigger leader watches the pending order', () =>
      apps.find((app) => app.trading.engine?.entries.has(id)),
    );
    const other = apps.find((app) => app !== leader)!;
    const at = clock.ms(1000);
    await Promise.all([
      feed.step(apps, at, { BTCUSDT: 65_900 }),
      fillPending(other.trading.deps, BigInt(id), { time: at, price: '65900.00' }),
    ]);
    await leader.trading.engine?.idle();

    const [row] = await a.app.db
      .select()
      .from(optionsPendingOrders)
      .where(eq(optionsPendingOrders.id, BigInt(id)));
    expect(row.status).toBe('filled');
    const positions = await a.app.db.select({ id: optionsOrders.id }).from(optionsOrders).where(eq(optionsOrders.userId, u.id));
    expect(positions.map((p) => p.id)).toEqual([row.orderId]);
    expect((await getOrder(a.app, real(u), String(row.orderId))).result).toMatchObject({ status: 'open', openPrice: '65900.00' });
    expect(await transfersPerKey(`pending:${id}:%`)).toEqual({ [`pending:${id}:hold`]: 1, [`pending:${id}:release`]: 1 });
    expect(await usdt(a.app, real(u))).toMatchObject({ entryHold: '0.000000', orderMargin: '659.000000' });
    expect(await notificationKinds(String(row.orderId), ORDER_REF_TYPE)).toEqual(['order.opened']);
    expect(await notificationKinds(id, PENDING_REF_TYPE)).toEqual([]);
    await expectReconciled();
  });

  it('price alert: created on B, fired once at the crossing tick (one notice), even when the other instance fires it at that tick too', async () => {
    const u = await createUser(b.app);
    await feed.step(apps, clock.ms(1000), { BTCUSDT: 67_000 });
    const created = body(
      await b.app.inject({
        method: 'POST',
        url: ALERT_PATHS.create,
        headers: real(u),
        payload: { code: 'BTCUSDT', kind: 'above', value: '68000' },
      }),
    );
    expect(created.code, created.msg).toBe(Ok.SUCCESS);
    const id = created.result.id as string;
    const leader = await waitFor('the trigger leader watches the alert', () =>
      apps.find((app) => app.alerts.watcher?.index.has(id)),
    );
    const other = apps.find((app) => app !== leader)!;
    const [{ version }] = await a.app.db
      .select({ version: priceAlerts.version })
      .from(priceAlerts)
      .where(eq(priceAlerts.id, BigInt(id)));
    const at = clock.ms(1000);
    await Promise.all([
      feed.step(apps, at, { BTCUSDT: 68_010 }),
      other.alerts.fire(BigInt(id), version, { price: '68010.00', changePct: 0, time: at }),
    ]);
    await leader.alerts.watcher?.idle();

    const listed = body(await a.app.inject({ url: ALERT_PATHS.list, headers: real(u) }));
    expect(listed.result.alerts).toMatchObject([
      { id, status: 'fired', firedPrice: '68010', firedAt: new Date(at).toISOString() },
    ]);
    expect(await notificationKinds(id, ALERT_REF_TYPE)).toEqual(['alert.fired']);
  });

  it('market feed: when the stand-in leader lets go, exactly one instance takes the feed over and both serve its steps', async () => {
    clock.ms(5000); // the simulator's first step is later than the stand-in's last
    await feed.handOver();
    await waitFor('one instance leads the feed', () => leadersOf(apps)['market-feed'].length === 1, 10 * RETRY_MS + 5000);
    const now = clock.now();
    await waitFor(
      "both instances have the leader's step",
      () => apps.every((app) => app.market.get('BTCUSDT')!.time === now),
      10_000,
    );
    expect(a.app.market.priceOf('BTCUSDT')).toBe(b.app.market.priceOf('BTCUSDT'));
    for (const job of JOB_NAMES)
      await waitFor(`${job} led by one`, () => leadersOf(apps)[job].length === 1, 10 * RETRY_MS + 2000);
    console.info(`leadership changes during the run: ${JSON.stringify(leaders.changes)}`);
  });
});
