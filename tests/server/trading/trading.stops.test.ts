import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { TRADING_PATHS } from '../../../src/contract/trading.ts';
import { optionsOrders } from '../../../server/trading/schema.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { startTradingEngine } from '../../../server/trading/engine.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buyOptions, closeOptions, getOrder, marketClock, tick, tradingCounts } from './tradingFixtures.ts';

async function setStops(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  stopLoss: string | null,
  takeProfit: string | null,
) {
  return body(await app.inject({ method: 'POST', url: TRADING_PATHS.stops, headers, payload: { id, stopLoss, takeProfit } }));
}

/**
 * Changing the stop-loss and take-profit of an open position: the opening rules against the
 * current price, refusals that write nothing, and an engine that fires at the new levels and never
 * at the old ones (docs/trading.md, "Changing the stops").
 */
describe(`trading: changing stops (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now, tradingSweepMs: 100, tradingSyncMs: 200 }));
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());
  let u: TestUser;
  let other: TestUser;
  const step = async (prices: Record<string, number>) => {
    tick(t.app, clock, prices);
    await t.app.trading.engine?.idle();
  };
  const open = async (b: Parameters<typeof buyOptions>[2] = {}) => {
    await step({ BTCUSDT: 67000 });
    const r = await buyOptions(t.app, real(u), b);
    expect(r.code, JSON.stringify(r)).toBe(Ok.PURCHASE_SUCCESSFUL);
    return r.result.id as string;
  };
  beforeAll(async () => {
    u = await createUser(t.app);
    other = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    tick(t.app, clock, { BTCUSDT: 67000 });
    stop = await startTradingEngine(t.app);
  });

  it('sets, moves and removes levels against the current price; the figures follow and no money moves', async () => {
    const id = await open({ stopLoss: '66000', takeProfit: '68000' });
    await step({ BTCUSDT: 67500 });
    const before = await tradingCounts(t.app);
    const r = await setStops(t.app, real(u), id, '67000', '69000');
    expect(r.code, JSON.stringify(r)).toBe(Ok.MODIFIED);
    // 0.1 lot BTC: pnl at 69,000 = 200; at 67,000 = 0; after both fees of 3.35: 193.30 and −6.70
    expect(r.result).toMatchObject({
      id,
      status: 'open',
      stopLoss: '67000.00',
      takeProfit: '69000.00',
      expectedReturn: '193.300000',
      maxLoss: '-6.700000',
    });
    const cleared = await setStops(t.app, real(u), id, null, null);
    // without a take-profit: a 1 % move from the opening price; without a stop-loss: the margin and the opening fee
    expect(cleared.result).toMatchObject({
      stopLoss: null,
      takeProfit: null,
      expectedReturn: '60.300000',
      maxLoss: '-673.350000',
    });
    const after = await tradingCounts(t.app);
    expect(after).toEqual(before);
  });

  it('each broken rule is refused with its code and writes nothing', async () => {
    const id = await open({ stopLoss: '66000', takeProfit: '68000' });
    const row = async () =>
      (
        await t.app.db
          .select()
          .from(optionsOrders)
          .where(eq(optionsOrders.id, BigInt(id)))
      )[0];
    const was = await row();
    const before = await tradingCounts(t.app);
    // price 67,000: a stop-loss above the price, a take-profit below it, both too close, a stop-loss beyond the stop-out (60,970)
    expect((await setStops(t.app, real(u), id, '67100', '68000')).code).toBe(Err.STOP_LOSS_UNREASONABLE);
    expect((await setStops(t.app, real(u), id, '66990', '68000')).code).toBe(Err.STOP_LOSS_UNREASONABLE);
    expect((await setStops(t.app, real(u), id, '66000', '66900')).code).toBe(Err.TAKE_PROFIT_UNREASONABLE);
    expect((await setStops(t.app, real(u), id, '66000', '67010')).code).toBe(Err.TAKE_PROFIT_UNREASONABLE);
    expect((await setStops(t.app, real(u), id, '60000', null)).code).toBe(Err.STOPS_COMBINATION_UNREASONABLE);
    expect((await setStops(t.app, real(u), id, 'abc', null)).code).toBe(Err.STOP_LOSS_UNREASONABLE);
    // someone else's position, or the same one asked for in the other book
    expect((await setStops(t.app, real(other), id, '66000', '68000')).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await setStops(t.app, demo(u), id, '66000', '68000')).code).toBe(Err.RECORD_NOT_FOUND);
    // the same rules follow the price: after a rise, 66,500 is a fine stop-loss and 67,200 no longer a take-profit
    await step({ BTCUSDT: 67300 });
    expect((await setStops(t.app, real(u), id, '66500', '67200')).code).toBe(Err.TAKE_PROFIT_UNREASONABLE);
    expect(await tradingCounts(t.app)).toEqual(before);
    expect(await row()).toEqual(was);
  });

  it('a stale price refuses a change (10015); a closed position refuses it (10065)', async () => {
    const id = await open({ stopLoss: '66000' });
    const q = t.app.market.get('BTCUSDT')!;
    const seen = q.seenAt;
    t.app.market.feedExpected = true;
    q.seenAt = clock.now() - 10 * 60_000;
    try {
      expect((await setStops(t.app, real(u), id, '66100', null)).code).toBe(Err.NOT_TRADABLE);
    } finally {
      t.app.market.feedExpected = false;
      q.seenAt = seen;
    }
    expect((await closeOptions(t.app, real(u), id)).result.status).toBe('closed');
    const before = await tradingCounts(t.app);
    expect((await setStops(t.app, real(u), id, '66100', null)).code).toBe(Err.POSITION_CLOSED);
    expect(await tradingCounts(t.app)).toEqual(before);
  });

  it('the engine fires at the new stop-loss and no longer at the old one', async () => {
    const id = await open({ stopLoss: '66000', takeProfit: '68000' });
    expect((await setStops(t.app, real(u), id, '65000', '68500')).code).toBe(Ok.MODIFIED);
    // the old levels: neither closes it
    await step({ BTCUSDT: 65900 });
    await step({ BTCUSDT: 66500 });
    await step({ BTCUSDT: 68100 });
    expect((await getOrder(t.app, real(u), id)).result.status).toBe('open');
    await step({ BTCUSDT: 68600 });
    expect((await getOrder(t.app, real(u), id)).result).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      triggerPrice: '68500.00',
      closePrice: '68600.00',
    });
  });

  it('a level the engine read before the change does not fire once the change committed', async () => {
    const id = await open({ stopLoss: '66000' });
    // the engine is told nothing of this change (as if made on another instance, before its next read)
    await t.app.db
      .update(optionsOrders)
      .set({ stopLoss: '65000.00', stopsChangedAt: new Date() })
      .where(eq(optionsOrders.id, BigInt(id)));
    await step({ BTCUSDT: 65900 });
    expect((await getOrder(t.app, real(u), id)).result.status).toBe('open');
    // it re-read the row: the new level is the one that fires
    await step({ BTCUSDT: 64900 });
    expect((await getOrder(t.app, real(u), id)).result).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      triggerPrice: '65000.00',
    });
  });

  it('the ledger reconciles', async () => {
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
