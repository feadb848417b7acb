import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { buildTestApp, usingPostgres, useTestApp, type TestApp } from '../helpers.ts';
import { createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buyOptions, getOrder, marketClock, tick, usdt } from './tradingFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { startTradingEngine } from '../../../server/trading/engine.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { marketCandles } from '../../../server/market/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import type { FastifyInstance } from 'fastify';
import { waitFor } from '../../setup/waitFor.ts';

/** Feeds a step and lets the engine finish with it. */
async function step(app: FastifyInstance, clock: ReturnType<typeof marketClock>, prices: Record<string, number>, ms = 1000) {
  tick(app, clock, prices, ms);
  await app.trading.engine?.idle();
}
const status = async (app: FastifyInstance, u: TestUser, id: string) => (await getOrder(app, real(u), id)).result;

/**
 * The trigger engine with a feed the test drives: each tick closes exactly the positions it
 * crosses, at its own price (a gap fills beyond the level), the stop-loss before the stop-out,
 * periods at the first tick at or after their end; the ledger reconciles after.
 */
describe(`trading engine: triggers and expiry (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now, tradingSweepMs: 100, tradingSyncMs: 200 }));
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    tick(t.app, clock, { BTCUSDT: 67000, ETHUSDT: 3500 });
    stop = await startTradingEngine(t.app);
    expect(t.app.trading.engine).toBeDefined();
  });
  const buyAt67k = async (b: Parameters<typeof buyOptions>[2]) => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const r = await buyOptions(t.app, real(u), b);
    expect(r.code, JSON.stringify(r)).toBe(20004);
    return r.result.id as string;
  };

  it('a take-profit closes at the first tick that reaches it, at that tick (beyond the level)', async () => {
    const id = await buyAt67k({ stopLoss: '66000', takeProfit: '68000' });
    expect(t.app.trading.engine!.index.has(id)).toBe(true);
    await step(t.app, clock, { BTCUSDT: 67990 });
    expect((await status(t.app, u, id)).status).toBe('open');
    await step(t.app, clock, { BTCUSDT: 68010 });
    const r = await status(t.app, u, id);
    expect(r).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      closePrice: '68010.00',
      triggerPrice: '68000.00',
      profit: '101.000000',
      closeTick: { time: new Date(clock.now()).toISOString(), price: '68010.00' },
      delayed: false,
    });
  });

  it('a gap through the stop-loss fills at the gapped tick', async () => {
    const id = await buyAt67k({ stopLoss: '66000', takeProfit: '68000' });
    await step(t.app, clock, { BTCUSDT: 65000 });
    expect(await status(t.app, u, id)).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '65000.00',
      triggerPrice: '66000.00',
      profit: '-200.000000',
    });
  });

  it('the stop-out closes a position without a stop-loss; a gap beyond it loses the margin and no more', async () => {
    // 20×: margin 335, stop-out 63,985.00
    const id = await buyAt67k({ leverage: 20 });
    const before = await usdt(t.app, real(u));
    await step(t.app, clock, { BTCUSDT: 63000 });
    expect(await status(t.app, u, id)).toMatchObject({
      closeReason: 'stop_out',
      closePrice: '63000.00',
      triggerPrice: '63985.00',
      profit: '-335.000000',
      closeFee: '0.000000',
    });
    // the whole margin stayed with the platform and nothing more was taken
    expect(await usdt(t.app, real(u))).toMatchObject({ available: before.available });
  });

  it('when one tick reaches both, the stop-loss wins over the stop-out', async () => {
    const id = await buyAt67k({ leverage: 20, stopLoss: '64500' });
    await step(t.app, clock, { BTCUSDT: 63000 });
    expect(await status(t.app, u, id)).toMatchObject({ closeReason: 'stop_loss', triggerPrice: '64500.00' });
  });

  it('down positions: the take-profit is below the price', async () => {
    const id = await buyAt67k({ direction: 'down', takeProfit: '66000', stopLoss: '68000' });
    await step(t.app, clock, { BTCUSDT: 66500 });
    expect((await status(t.app, u, id)).status).toBe('open');
    await step(t.app, clock, { BTCUSDT: 65990 });
    expect(await status(t.app, u, id)).toMatchObject({
      closeReason: 'take_profit',
      closePrice: '65990.00',
      profit: '101.000000',
    });
  });

  it("a period ends at the first tick at or after its end, at that tick; other instruments' ticks do not close it", async () => {
    const id = await buyAt67k({ period: 60 });
    const end = Date.parse((await status(t.app, u, id)).expiresAt);
    await step(t.app, clock, { BTCUSDT: 67100 }, 58_000);
    expect((await status(t.app, u, id)).status).toBe('open');
    // ETH ticks past the end: BTC's position waits for a BTC tick
    await step(t.app, clock, { ETHUSDT: 3600 }, 3000);
    expect(clock.now()).toBeGreaterThan(end);
    expect((await status(t.app, u, id)).status).toBe('open');
    await t.app.trading.engine!.sweep();
    expect((await status(t.app, u, id)).status).toBe('open');
    await step(t.app, clock, { BTCUSDT: 67200 });
    expect(await status(t.app, u, id)).toMatchObject({
      status: 'closed',
      closeReason: 'expiry',
      closePrice: '67200.00',
      profit: '20.000000',
      triggerPrice: null,
      delayed: false,
      closeTick: { time: new Date(clock.now()).toISOString(), price: '67200.00' },
    });
  });

  it('every close moved money once, under order:<id>:close keys, with one notification; the ledger reconciles', async () => {
    const dup = (
      (await t.app.db.execute(
        sql`select idempotency_key from ledger_transfers group by idempotency_key having count(*) > 1`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(dup).toEqual([]);
    const closes = await t.app.db.select().from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, 'order:%:close'));
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'order.closed'));
    expect(closes.length).toBe(6);
    expect(notes.length).toBe(6);
    expect(t.app.trading.engine!.watching).toBe(0);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});

describe(`trading engine: a market closed at the end (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  // Monday 23 Nov 2026 20:58 UTC = 15:58 in New York: two minutes before the US close
  const clock = marketClock(Date.UTC(2026, 10, 23, 20, 58, 0));
  const t = useTestApp(() => ({ clock: clock.now, tradingSweepMs: 100, tradingSyncMs: 200 }));
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());

  it('closes at the last price before the end', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    await step(t.app, clock, { AAPL: 200 });
    stop = await startTradingEngine(t.app);
    const o = (await buyOptions(t.app, real(u), { code: 'AAPL', lots: '10', leverage: 1, period: 300 })).result;
    expect(o.openPrice).toBe('200.00');
    await step(t.app, clock, { AAPL: 201.5 }, 30_000);
    const lastTick = clock.now();
    // the market closes at 21:00 UTC, the period ends at 21:03; no tick after the close
    clock.set(Date.parse(o.expiresAt) + 1000);
    await t.app.trading.engine!.sweep();
    expect(await status(t.app, u, o.id)).toMatchObject({
      status: 'closed',
      closeReason: 'expiry',
      closePrice: '201.50',
      profit: '15.000000',
      delayed: false,
      closeTick: { time: new Date(lastTick).toISOString(), price: '201.50' },
    });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});

describe(`trading engine: restart with open positions (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now, tradingSweepMs: 100, tradingSyncMs: 200 }));
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());

  it('rebuilds the index from the database; periods that ended while down close at the last stored price at or before the end, delayed', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    await step(t.app, clock, { BTCUSDT: 67000 });
    stop = await startTradingEngine(t.app);
    const short = (await buyOptions(t.app, real(u), { period: 60 })).result;
    const long = (await buyOptions(t.app, real(u), { period: 3600, takeProfit: '68000' })).result;
    const opened = Date.parse(short.openTime);
    await stop();
    expect(t.app.trading.engine).toBeUndefined();
    // while down: the candles the feed stored; the one ending by the short position's end counts, a later one not
    const minute = Math.floor(opened / 60_000) * 60_000;
    await t.app.db.insert(marketCandles).values([
      {
        code: 'BTCUSDT',
        interval: '1m',
        time: new Date(minute),
        open: '67000',
        high: '67150',
        low: '66990',
        close: '67100',
        volume: '1',
      },
      {
        code: 'BTCUSDT',
        interval: '1m',
        time: new Date(minute + 120_000),
        open: '67100',
        high: '70000',
        low: '67100',
        close: '69000',
        volume: '1',
      },
    ]);
    clock.ms(10 * 60_000);
    stop = await startTradingEngine(t.app);
    expect(await status(t.app, u, short.id)).toMatchObject({
      status: 'closed',
      closeReason: 'expiry',
      closePrice: '67100.00',
      profit: '10.000000',
      delayed: true,
      closeTick: { time: new Date(minute + 59_999).toISOString(), price: '67100.00' },
    });
    expect(t.app.trading.engine!.index.has(long.id)).toBe(true);
    await step(t.app, clock, { BTCUSDT: 68100 });
    expect(await status(t.app, u, long.id)).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      closePrice: '68100.00',
    });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});

describe.skipIf(!usingPostgres())('trading engine: two instances on one database', () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now, tradingSweepMs: 100, tradingSyncMs: 100, leaderRetryMs: 200 }));
  let second: TestApp;
  const stops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    second = await buildTestApp({
      databaseUrl: t.config.databaseUrl,
      clock: clock.now,
      tradingSweepMs: 100,
      tradingSyncMs: 100,
      leaderRetryMs: 200,
    });
  });
  afterAll(async () => {
    for (const s of stops) await s();
    await second.close();
  });
  /** Both instances hear every feed step (the bus does that between real instances). */
  const both = async (prices: Record<string, number>) => {
    const time = clock.ms(1000);
    for (const app of [t.app, second.app])
      app.market.applyFeed(
        Object.entries(prices).map(([code, price]) => ({ code, price, time, volume: 0 })),
        time,
      );
    await t.app.trading.engine?.idle();
    await second.app.trading.engine?.idle();
  };

  it('one leads; positions opened on the other are settled once; when the leader stops the other takes over', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    await both({ BTCUSDT: 67000 });
    stops.push(await startTradingEngine(t.app));
    stops.push(await startTradingEngine(second.app));
    expect(t.app.trading.engine).toBeDefined();
    expect(second.app.trading.engine).toBeUndefined();
    // opened through the follower: the leader learns of it from the database
    const a = (await buyOptions(second.app, real(u), { takeProfit: '68000' })).result;
    await waitFor('t.app.trading.engine!.index.has(a.id)', () => t.app.trading.engine!.index.has(a.id));
    await both({ BTCUSDT: 68050 });
    await waitFor(
      "async () => (await status(t.app, u, a.id)).status === 'closed'",
      async () => (await status(t.app, u, a.id)).status === 'closed',
    );
    // both settling the same position at once: one moves money
    const b = (await buyOptions(t.app, real(u), {})).result;
    const outs = await Promise.all(
      [t.app, second.app].map((app) => app.trading.settle(BigInt(b.id), 'manual', { time: clock.now(), price: '68050.00' })),
    );
    expect(outs.map((o) => o?.settled).sort()).toEqual([false, true]);
    // the leader goes; the follower takes over and rebuilds
    const c = (await buyOptions(t.app, real(u), { stopLoss: '67500' })).result;
    await stops[0]();
    // the engine is visible as soon as it takes over and rebuilds its index from the database right after
    await waitFor(
      '() => second.app.trading.engine?.index.has(c.id) === true',
      () => second.app.trading.engine?.index.has(c.id) === true,
    );
    await both({ BTCUSDT: 67000 });
    await waitFor(
      "async () => (await status(t.app, u, c.id)).status === 'closed'",
      async () => (await status(t.app, u, c.id)).status === 'closed',
    );
    expect((await status(t.app, u, c.id)).closeReason).toBe('stop_loss');
    for (const id of [a.id, b.id, c.id]) {
      const keys = await t.app.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `order:${id}:close`));
      expect(keys).toHaveLength(1);
      const notes = await t.app.db.select().from(notifications).where(eq(notifications.refId, id));
      expect(notes.filter((n) => n.kind === 'order.closed')).toHaveLength(1);
    }
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
