import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buyOptions, clientKey, getOrder, marketClock, tick, tradingCounts, usdt } from './tradingFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { startTradingEngine } from '../../../server/trading/engine.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { optionsPendingOrders } from '../../../server/trading/pendingSchema.ts';
import { PENDING_PATHS } from '../../../src/contract/pendingOrders.ts';

async function step(app: FastifyInstance, clock: ReturnType<typeof marketClock>, prices: Record<string, number>, ms = 1000) {
  tick(app, clock, prices, ms);
  await app.trading.engine?.idle();
}

type PendingInput = Record<string, unknown>;
const place = async (app: FastifyInstance, u: TestUser, b: PendingInput = {}) =>
  body(
    await app.inject({
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
        ...b,
      },
    }),
  );
const cancel = async (app: FastifyInstance, u: TestUser, id: string) =>
  body(await app.inject({ method: 'POST', url: PENDING_PATHS.cancel, headers: real(u), payload: { id } }));
const pendingRow = async (app: FastifyInstance, id: string) =>
  (
    await app.db
      .select()
      .from(optionsPendingOrders)
      .where(eq(optionsPendingOrders.id, BigInt(id)))
  )[0];

/**
 * Pending entry orders and trailing stops (docs/trading.md): the hold while pending, the fill at
 * the crossing tick with the market order's rules, refusal, cancel and expiry each releasing the
 * hold once; the trailing stop's ratchet and its fire. The ledger reconciles after.
 */
describe(`trading: pending entry orders and trailing stops (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now, tradingSweepMs: 100, tradingSyncMs: 200 }));
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    tick(t.app, clock, { BTCUSDT: 67000 });
    stop = await startTradingEngine(t.app);
  });

  it('refusals write nothing: level on the wrong side, validity, trailing with a stop-loss, a bad distance', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const before = await tradingCounts(t.app);
    const pendingBefore = (await t.app.db.select().from(optionsPendingOrders)).length;
    expect((await place(t.app, u, { entryPrice: '68000' })).code).toBe(10280);
    expect((await place(t.app, u, { entryKind: 'stop', entryPrice: '66000' })).code).toBe(10280);
    expect((await place(t.app, u, { validity: 100 })).code).toBe(10281);
    expect((await place(t.app, u, { stopLoss: '65000', trailingDistance: '500' })).code).toBe(10285);
    expect((await place(t.app, u, { trailingDistance: '10' })).code).toBe(10284);
    expect((await place(t.app, u, { stopLoss: '66500' })).code).toBe(10060);
    expect((await buyOptions(t.app, real(u), { trailingDistance: '10' } as never)).code).toBe(10284);
    expect(await tradingCounts(t.app)).toEqual(before);
    expect((await t.app.db.select().from(optionsPendingOrders)).length).toBe(pendingBefore);
  });

  it('a limit holds margin + fee at its level, opens at the crossing tick, and the hold moves to margin', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const before = await usdt(t.app, real(u));
    const key = clientKey();
    const r = await place(t.app, u, { clientKey: key });
    expect(r.code, JSON.stringify(r)).toBe(20004);
    // 0.1 × 66,000 = 6,600 at 10×: margin 660, fee 3.30
    expect(r.result).toMatchObject({ status: 'pending', entryKind: 'limit', entryPrice: '66000', hold: '663.300000' });
    const again = await place(t.app, u, { clientKey: key });
    expect(again.result.id).toBe(r.result.id);
    const held = await usdt(t.app, real(u));
    expect(held.entryHold).toBe('663.300000');
    expect(Number(before.available) - Number(held.available)).toBeCloseTo(663.3, 6);
    expect(t.app.trading.engine!.entries.has(r.result.id)).toBe(true);

    await step(t.app, clock, { BTCUSDT: 66010 });
    expect((await pendingRow(t.app, r.result.id)).status).toBe('pending');
    await step(t.app, clock, { BTCUSDT: 65900 });
    const row = await pendingRow(t.app, r.result.id);
    expect(row.status).toBe('filled');
    const pos = (await getOrder(t.app, real(u), row.orderId!.toString())).result;
    // opened at the tick's price and time: 6,590 notional, margin 659, fee 3.295
    expect(pos).toMatchObject({
      status: 'open',
      openPrice: '65900.00',
      openTime: new Date(clock.now()).toISOString(),
      margin: '659.000000',
      fee: '3.295000',
    });
    const after = await usdt(t.app, real(u));
    expect(after.entryHold).toBe('0.000000');
    expect(Number(after.orderMargin) - Number(before.orderMargin)).toBeCloseTo(659, 6);
    expect(Number(before.available) - Number(after.available)).toBeCloseTo(662.295, 6);
    expect(t.app.trading.engine!.index.has(pos.id)).toBe(true);
    const releases = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `pending:${r.result.id}:%`));
    expect(releases.map((x) => x.idempotencyKey).sort()).toEqual([
      `pending:${r.result.id}:hold`,
      `pending:${r.result.id}:release`,
    ]);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('a cancelled order returns its hold once; cancelling again is 10282', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const before = await usdt(t.app, real(u));
    const r = await place(t.app, u, { entryKind: 'stop', entryPrice: '68000' });
    expect(r.code).toBe(20004);
    const c = await cancel(t.app, u, r.result.id);
    expect(c).toMatchObject({ code: 20005, result: { status: 'cancelled' } });
    expect(await usdt(t.app, real(u))).toMatchObject({ available: before.available, entryHold: before.entryHold });
    expect(t.app.trading.engine!.entries.has(r.result.id)).toBe(false);
    const counts = await tradingCounts(t.app);
    expect((await cancel(t.app, u, r.result.id)).code).toBe(10282);
    expect(await tradingCounts(t.app)).toEqual(counts);
    // the level is reached later: nothing opens
    await step(t.app, clock, { BTCUSDT: 68100 });
    expect((await pendingRow(t.app, r.result.id)).orderId).toBeNull();
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('an expired order returns its hold and the user is told', async () => {
    // a user of its own: the hour also ends the other users' positions
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '1000');
    await step(t.app, clock, { BTCUSDT: 67000 });
    const before = await usdt(t.app, real(u));
    const r = await place(t.app, u, { direction: 'down', entryPrice: '69000' });
    expect(r.code).toBe(20004);
    await step(t.app, clock, { BTCUSDT: 67100 }, 3600_000);
    const row = await pendingRow(t.app, r.result.id);
    expect(row.status).toBe('expired');
    expect(await usdt(t.app, real(u))).toMatchObject({ available: before.available, entryHold: before.entryHold });
    const note = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'pending.expired'), eq(notifications.refId, r.result.id)));
    expect(note.length).toBe(1);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('refused at the fill when the rules fail at the tick: the hold returns and the user is told why', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const before = await usdt(t.app, real(u));
    // fine at 66,000; a gap to 65,400 leaves the stop-loss above the price
    const r = await place(t.app, u, { stopLoss: '65500' });
    expect(r.code).toBe(20004);
    await step(t.app, clock, { BTCUSDT: 65400 });
    const row = await pendingRow(t.app, r.result.id);
    expect(row).toMatchObject({ status: 'refused', refusedCode: 10060, orderId: null });
    expect(await usdt(t.app, real(u))).toMatchObject({ available: before.available, entryHold: before.entryHold });
    const note = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'pending.refused'), eq(notifications.refId, r.result.id)));
    expect(note.length).toBe(1);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('a trailing stop ratchets with the best price, never back, and fires at its level', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const o = await buyOptions(t.app, real(u), { trailingDistance: '500' } as never);
    expect(o.code, JSON.stringify(o)).toBe(20004);
    expect(o.result).toMatchObject({ stopLoss: '66500.00', trailingDistance: '500.00' });
    const sl = async () => (await getOrder(t.app, real(u), o.result.id)).result.stopLoss;
    await step(t.app, clock, { BTCUSDT: 67400 });
    expect(await sl()).toBe('66900.00');
    await step(t.app, clock, { BTCUSDT: 67100 });
    expect(await sl()).toBe('66900.00');
    await step(t.app, clock, { BTCUSDT: 67600 });
    expect(await sl()).toBe('67100.00');
    await step(t.app, clock, { BTCUSDT: 67200 });
    expect((await getOrder(t.app, real(u), o.result.id)).result.status).toBe('open');
    await step(t.app, clock, { BTCUSDT: 67050 });
    expect((await getOrder(t.app, real(u), o.result.id)).result).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      triggerPrice: '67100.00',
      closePrice: '67050.00',
      trailingDistance: '500.00',
    });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('pending orders survive a restart: a new engine reads them and fills at the crossing tick', async () => {
    await step(t.app, clock, { BTCUSDT: 67000 });
    const r = await place(t.app, u, { entryPrice: '66800' });
    await stop();
    await step(t.app, clock, { BTCUSDT: 67000 });
    stop = await startTradingEngine(t.app);
    expect(t.app.trading.engine!.entries.has(r.result.id)).toBe(true);
    await step(t.app, clock, { BTCUSDT: 66700 });
    expect((await pendingRow(t.app, r.result.id)).status).toBe('filled');
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
