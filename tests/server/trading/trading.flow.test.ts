import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { adminCall, createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import {
  buyOptions,
  clientKey,
  closeOptions,
  getOrder,
  listOrders,
  marketClock,
  tick,
  tradingCounts,
  usdt,
} from './tradingFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { TRADING_PATHS } from '../../../src/contract/trading.ts';

/**
 * A customer's positions through the API in both books: products, opening at the feed price,
 * retries, every refusal writing nothing, reading, listing and closing by hand; the ledger
 * reconciles after each story. BTC at 67,000.00, 0.1 lot at 10×: notional 6,700, margin 670,
 * fee 3.35 each side, stop-out at 60,970.00.
 */
describe(`trading: products, open, read, close (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    tick(t.app, clock, { BTCUSDT: 67000, ETHUSDT: 3500, EURUSD: 1.085, USDJPY: 156.4, EURJPY: 169.7 });
  });

  it('derives a product per instrument from its type; unknown instruments are 10014', async () => {
    const p = (code: string) => t.app.inject({ url: `${TRADING_PATHS.product}${code}` }).then(body);
    const btc = await p('BTCUSDT');
    expect(btc.code).toBe(Ok.SUCCESS);
    expect(btc.result).toMatchObject({
      code: 'BTCUSDT',
      type: 'crypto',
      contractSize: '1',
      lotStep: '0.01',
      leverage: [1, 2, 5, 10, 20],
      periods: [60, 300, 900, 3600, 14400, 86400],
      feeRate: '0.0005',
      stopOutLevel: '0.9',
      minDistance: '0.001',
      tradable: true,
      pricePrecision: 2,
      quoteRate: '1',
      maxOpenPositions: 200,
    });
    expect((await p('EURUSD')).result).toMatchObject({
      type: 'forex',
      contractSize: '100000',
      lotStep: '0.01',
      leverage: [1, 10, 30, 50],
      feeRate: '0.00002',
    });
    // a yen cross converts through USDJPY: USDT per yen
    expect((await p('EURJPY')).result.quoteRate).toBe('0.00639386189258');
    expect((await p('ES')).result).toMatchObject({ type: 'futures', contractSize: '50', lotStep: '1', leverage: [1, 5, 10] });
    // Monday 05:00 in New York: stocks are closed
    expect((await p('AAPL')).result).toMatchObject({
      type: 'stock',
      contractSize: '1',
      lotStep: '1',
      leverage: [1, 2, 5],
      tradable: false,
    });
    expect((await p('NOPE')).code).toBe(Err.OPTIONS_PRODUCT_WRONG);
  });

  it('opens at the feed price: margin to order margin and the fee to fees in one go; a retry answers the first order and writes nothing', async () => {
    const key = clientKey();
    const r = await buyOptions(t.app, real(u), { stopLoss: '66000', takeProfit: '68000', clientKey: key });
    expect(r.code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect(r.result).toMatchObject({
      book: 'real',
      code: 'BTCUSDT',
      direction: 'up',
      lots: '0.1',
      leverage: 10,
      period: 300,
      openPrice: '67000.00',
      stopLoss: '66000.00',
      takeProfit: '68000.00',
      stopOutPrice: '60970.00',
      notional: '6700.000000',
      margin: '670.000000',
      fee: '3.350000',
      closeFee: null,
      expectedReturn: '93.300000',
      maxLoss: '-106.700000',
      profit: '0.000000',
      net: '-6.700000',
      status: 'open',
      closeReason: null,
      closeTick: null,
      closePrice: null,
      delayed: false,
    });
    expect(r.result.orderNo).toMatch(/^OP20261123\d{6,}$/);
    expect(Date.parse(r.result.expiresAt) - Date.parse(r.result.openTime)).toBe(300_000);
    const before = await tradingCounts(t.app);
    const again = await buyOptions(t.app, real(u), { stopLoss: '66000', takeProfit: '68000', clientKey: key });
    expect(again.result.id).toBe(r.result.id);
    expect(await tradingCounts(t.app)).toEqual(before);
    expect(await usdt(t.app, real(u))).toMatchObject({ available: '9326.650000', orderMargin: '670.000000' });
    const keys = (
      await t.app.db
        .select({ k: ledgerTransfers.idempotencyKey })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.refId, r.result.id))
    )
      .map((x) => x.k)
      .sort();
    expect(keys).toEqual([`order:${r.result.id}:fee`, `order:${r.result.id}:margin`]);
    const [n] = await t.app.db.select().from(notifications).where(eq(notifications.refId, r.result.id));
    expect(n).toMatchObject({ kind: 'order.opened', refType: 'optionsOrder' });
    expect(n.params).toMatchObject({ id: r.result.id, code: 'BTCUSDT', margin: '670.000000', openPrice: '67000.00' });
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('publishes order.opened and order.closed on the user channel', async () => {
    const heard: Array<{ kind: string; refId: string }> = [];
    const off = t.app.bus.subscribe(`user:${u.id}`, (m) => heard.push(m as { kind: string; refId: string }));
    const r = await buyOptions(t.app, real(u), { lots: '0.01' });
    await closeOptions(t.app, real(u), r.result.id);
    off();
    expect(heard.map((h) => [h.kind, h.refId])).toEqual([
      ['order.opened', r.result.id],
      ['order.closed', r.result.id],
    ]);
  });

  it('the demo book trades its own money and its own orders', async () => {
    await fund(t.app, u.id, 'USDT', '100000', 'demo');
    const r = await buyOptions(t.app, demo(u), { code: 'ETHUSDT', direction: 'down', lots: '1', leverage: 5, period: 60 });
    expect(r.code).toBe(Ok.PURCHASE_SUCCESSFUL);
    expect(r.result).toMatchObject({
      book: 'demo',
      notional: '3500.000000',
      margin: '700.000000',
      fee: '1.750000',
      stopOutPrice: '4130.00',
    });
    expect(await usdt(t.app, demo(u))).toMatchObject({ available: '99298.250000', orderMargin: '700.000000' });
    expect((await getOrder(t.app, real(u), r.result.id)).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await listOrders(t.app, real(u), { code: 'ETHUSDT' })).result.total).toBe(0);
    expect((await listOrders(t.app, demo(u))).result.rows.map((o: { id: string }) => o.id)).toEqual([r.result.id]);
  });

  it('refuses bad input, each with its code, writing nothing', async () => {
    const other = await createUser(t.app);
    await fund(t.app, other.id, 'USDT', '50');
    const mine = (await listOrders(t.app, real(u), { status: 'open' })).result.rows[0].id;
    const cases: Array<[string, () => Promise<{ code: number }>, number]> = [
      ['stop-loss on the wrong side', () => buyOptions(t.app, real(u), { stopLoss: '67500' }), Err.STOP_LOSS_UNREASONABLE],
      ['stop-loss too close (under 0.1 %)', () => buyOptions(t.app, real(u), { stopLoss: '66950' }), Err.STOP_LOSS_UNREASONABLE],
      [
        'take-profit on the wrong side',
        () => buyOptions(t.app, real(u), { direction: 'down', takeProfit: '68000' }),
        Err.TAKE_PROFIT_UNREASONABLE,
      ],
      ['take-profit too close', () => buyOptions(t.app, real(u), { takeProfit: '67050' }), Err.TAKE_PROFIT_UNREASONABLE],
      [
        'stop-loss beyond the stop-out',
        () => buyOptions(t.app, real(u), { stopLoss: '60000' }),
        Err.STOPS_COMBINATION_UNREASONABLE,
      ],
      ['unknown instrument', () => buyOptions(t.app, real(u), { code: 'NOPE' }), Err.OPTIONS_PRODUCT_WRONG],
      ['period not offered', () => buyOptions(t.app, real(u), { period: 120 }), Err.NO_MATCHING_PERIOD],
      ['leverage not offered', () => buyOptions(t.app, real(u), { leverage: 3 }), Err.LEVERAGE_NOT_OFFERED],
      ['negative lots', () => buyOptions(t.app, real(u), { lots: '-1' }), Err.PURCHASE_AMOUNT_WRONG],
      ['zero lots', () => buyOptions(t.app, real(u), { lots: '0' }), Err.PURCHASE_AMOUNT_WRONG],
      ['lots off the step', () => buyOptions(t.app, real(u), { lots: '0.015' }), Err.PURCHASE_AMOUNT_WRONG],
      ['oversized lots (notional above the cap)', () => buyOptions(t.app, real(u), { lots: '20' }), Err.PURCHASE_AMOUNT_WRONG],
      ['closed market', () => buyOptions(t.app, real(u), { code: 'AAPL', lots: '1', leverage: 1 }), Err.NOT_TRADABLE],
      [
        'margin and fee above the balance',
        () => buyOptions(t.app, real(other), { lots: '0.1', leverage: 10 }),
        Err.INSUFFICIENT_BALANCE,
      ],
      ["another user's order", () => getOrder(t.app, real(other), mine), Err.RECORD_NOT_FOUND],
      ["closing another user's order", () => closeOptions(t.app, real(other), mine), Err.RECORD_NOT_FOUND],
      ['an order that does not exist', () => getOrder(t.app, real(u), '999999'), Err.RECORD_NOT_FOUND],
    ];
    for (const [what, call, code] of cases) {
      const before = await tradingCounts(t.app);
      const r = await call();
      expect(r.code, what).toBe(code);
      expect(await tradingCounts(t.app), what).toEqual(before);
    }
    expect((await getOrder(t.app, real(u), mine)).result.status).toBe('open');
  });

  it('refuses a stale price with 10015, writing nothing', async () => {
    const q = t.app.market.get('BTCUSDT')!;
    const seen = q.seenAt;
    t.app.market.feedExpected = true;
    q.seenAt = clock.now() - 10 * 60_000;
    try {
      const before = await tradingCounts(t.app);
      expect((await buyOptions(t.app, real(u))).code).toBe(Err.NOT_TRADABLE);
      expect(await tradingCounts(t.app)).toEqual(before);
    } finally {
      t.app.market.feedExpected = false;
      q.seenAt = seen;
    }
  });

  it('lists with live profit, filters by status and instrument, pages; closes by hand at the current price', async () => {
    // its own customer: an order to follow, then a small one opened and closed after it
    tick(t.app, clock, { BTCUSDT: 67000 });
    const w = await createUser(t.app);
    await fund(t.app, w.id, 'USDT', '10000');
    const followed = (await buyOptions(t.app, real(w), { stopLoss: '66000', takeProfit: '68000' })).result;
    const smallOne = (await buyOptions(t.app, real(w), { lots: '0.01' })).result;
    expect((await closeOptions(t.app, real(w), smallOne.id)).code).toBe(200);
    const open = (await listOrders(t.app, real(w), { status: 'open', code: 'BTCUSDT' })).result;
    expect(open.total).toBe(1);
    const id = open.rows[0].id;
    expect(id).toBe(followed.id);
    tick(t.app, clock, { BTCUSDT: 67500 });
    const live = (await getOrder(t.app, real(w), id)).result;
    expect(live.profit).toBe('50.000000');
    // after both fees (the closing one as it would be charged now): the outcome the screens state
    expect(live.net).toBe('43.300000');
    const page = (await listOrders(t.app, real(w), { pageNum: 1, pageSize: 1 })).result;
    expect(page).toMatchObject({ total: 2 });
    expect(page.rows).toHaveLength(1);
    expect((await listOrders(t.app, real(w), { pageNum: 2, pageSize: 1 })).result.rows[0].id).toBe(id);
    // a page past the end still says how many there are (counted apart), with each filter combination
    const combinations: Array<Record<string, string>> = [
      {},
      { status: 'open' },
      { status: 'closed' },
      { code: 'BTCUSDT' },
      { status: 'open', code: 'BTCUSDT' },
      { code: 'ETHUSDT' },
    ];
    for (const filters of combinations) {
      const first = (await listOrders(t.app, real(w), { ...filters, pageNum: 1, pageSize: 1 })).result;
      expect((await listOrders(t.app, real(w), { ...filters, pageNum: 5, pageSize: 1 })).result, JSON.stringify(filters)).toEqual(
        { rows: [], total: first.total },
      );
    }
    expect((await listOrders(t.app, real(w), { status: 'open' })).result.total).toBeGreaterThan(0);
    expect((await listOrders(t.app, demo(w), { pageNum: 5, pageSize: 1 })).result.total).toBe(0);
    const tickTime = clock.now();

    const c = await closeOptions(t.app, real(w), id);
    expect(c.code).toBe(200);
    expect(c.result).toMatchObject({
      status: 'closed',
      closeReason: 'manual',
      closePrice: '67500.00',
      profit: '50.000000',
      net: '43.300000',
      closeFee: '3.350000',
      triggerPrice: null,
      delayed: false,
      closeTick: { time: new Date(tickTime).toISOString(), price: '67500.00' },
    });
    // 10000 − 670 − 3.35 (open) + 670 + 50 − 3.35 (close), less the small order opened and closed above
    const small = (await listOrders(t.app, real(w), { status: 'closed' })).result.rows.find((o: { id: string }) => o.id !== id);
    const smallNet = Number(small.profit) - Number(small.fee) - Number(small.closeFee);
    expect(Number((await usdt(t.app, real(w))).available)).toBeCloseTo(10000 - 6.7 + 50 + smallNet, 6);
    expect((await usdt(t.app, real(w))).orderMargin).toBe('0.000000');
    const before = await tradingCounts(t.app);
    expect((await closeOptions(t.app, real(w), id)).result).toMatchObject({ status: 'closed', closePrice: '67500.00' });
    expect(await tradingCounts(t.app)).toEqual(before);
    const keys = (
      await t.app.db.select({ k: ledgerTransfers.idempotencyKey }).from(ledgerTransfers).where(eq(ledgerTransfers.refId, id))
    )
      .map((x) => x.k)
      .sort();
    expect(keys).toEqual([
      `order:${id}:close`,
      `order:${id}:close:fee`,
      `order:${id}:close:profit`,
      `order:${id}:fee`,
      `order:${id}:margin`,
    ]);
    expect(
      (await t.app.db.select({ k: notifications.kind }).from(notifications).where(eq(notifications.refId, id)))
        .map((x) => x.k)
        .sort(),
    ).toEqual(['order.closed', 'order.opened']);
    // the notification carries the result after both fees beside the pnl before them
    const [closed] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.refId, id), eq(notifications.kind, 'order.closed')));
    expect(closed.params).toMatchObject({ profit: '50.000000', net: '43.300000', book: 'real' });
    // the small order closed above: its notification and its row state the result after fees that the balance shows
    expect(small.net).toBe(smallNet.toFixed(6));
    const [smallClosed] = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.refId, small.id), eq(notifications.kind, 'order.closed')));
    expect((smallClosed.params as { net: string }).net).toBe(smallNet.toFixed(6));
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('never takes more than the margin: a gap far through the stop-loss loses the margin, the platform takes the rest', async () => {
    tick(t.app, clock, { BTCUSDT: 67000 });
    const v = await createUser(t.app);
    await fund(t.app, v.id, 'USDT', '1000');
    // 0.1 BTC at 20×: margin 335, fee 3.35, stop-out at 63,985.00 (0.9 × 335 = 301.5 of loss)
    const o = (await buyOptions(t.app, real(v), { leverage: 20, stopLoss: '66000' })).result;
    expect(o).toMatchObject({ margin: '335.000000', fee: '3.350000', stopOutPrice: '63985.00' });
    const out = await t.app.trading.settle(
      BigInt(o.id),
      'stop_loss',
      { time: clock.now(), price: '50000.00' },
      { triggerPrice: '66000.00' },
    );
    expect(out?.settled).toBe(true);
    const r = (await getOrder(t.app, real(v), o.id)).result;
    // raw loss 1,750; floored at the margin; nothing left of it for a closing fee
    expect(r).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      closePrice: '50000.00',
      profit: '-335.000000',
      closeFee: '0.000000',
      triggerPrice: '66000.00',
    });
    expect(await usdt(t.app, real(v))).toMatchObject({ available: '661.650000', orderMargin: '0.000000' });
    // settling again (another instance, a retry) changes nothing
    const before = await tradingCounts(t.app);
    expect((await t.app.trading.settle(BigInt(o.id), 'stop_out', { time: clock.now(), price: '40000.00' }))?.settled).toBe(false);
    expect(await tradingCounts(t.app)).toEqual(before);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});

// exposure sums every open position of the book: its own platform, so no other test's position is in it
describe(`trading: operators' exposure (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  beforeAll(() => {
    tick(t.app, clock, { BTCUSDT: 67000 });
  });

  it('operators see open exposure per instrument, read-only', async () => {
    const op = await createUser(t.app, 'operator');
    const w = await createUser(t.app);
    await fund(t.app, w.id, 'USDT', '10000');
    await buyOptions(t.app, real(w), { lots: '0.1', leverage: 10 });
    await buyOptions(t.app, real(w), { direction: 'down', lots: '0.05', leverage: 5 });
    tick(t.app, clock, { BTCUSDT: 68000 });
    const r = await adminCall(t.app, op, 'GET', '/trading/exposure?book=real');
    expect(r.code).toBe(200);
    const btc = r.result.rows.find((x: { code: string }) => x.code === 'BTCUSDT');
    // opened at 67,000: +100 on the long (0.1 × 1,000), −50 on the short (0.05 × 1,000)
    expect(btc).toMatchObject({
      openPositions: 2,
      longNotional: '6700.000000',
      shortNotional: '3350.000000',
      marginHeld: '1340.000000',
      unrealisedPnl: '50.000000',
      platformResult: '-50.000000',
      price: '68000.00',
    });
    expect(btc.stale).toBe(false);
    expect((await adminCall(t.app, w, 'GET', '/trading/exposure')).code).not.toBe(200);
    // no tick for ten minutes while a feed is expected: the row says its price is stale
    const q = t.app.market.get('BTCUSDT')!;
    const seen = q.seenAt;
    t.app.market.feedExpected = true;
    q.seenAt = clock.now() - 10 * 60_000;
    try {
      const stale = (await adminCall(t.app, op, 'GET', '/trading/exposure?book=real')).result.rows.find(
        (x: { code: string }) => x.code === 'BTCUSDT',
      );
      expect(stale).toMatchObject({ price: '68000.00', stale: true });
    } finally {
      t.app.market.feedExpected = false;
      q.seenAt = seen;
    }
  });
});

describe(`trading: limits and races (${usingPostgres() ? 'PostgreSQL pool' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now, maxOpenPositions: 3 }));
  beforeAll(() => {
    tick(t.app, clock, { BTCUSDT: 67000 });
  });

  it('at most the configured number of open positions per user and book (10063), the other book unaffected', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    await fund(t.app, u.id, 'USDT', '10000', 'demo');
    for (let i = 0; i < 3; i++) expect((await buyOptions(t.app, real(u), { lots: '0.01' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
    const before = await tradingCounts(t.app);
    expect((await buyOptions(t.app, real(u), { lots: '0.01' })).code).toBe(Err.TOO_MANY_OPEN_POSITIONS);
    expect(await tradingCounts(t.app)).toEqual(before);
    expect((await buyOptions(t.app, demo(u), { lots: '0.01' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
    // closing one frees a place
    const first = (await listOrders(t.app, real(u), { status: 'open' })).result.rows[0].id;
    await closeOptions(t.app, real(u), first);
    expect((await buyOptions(t.app, real(u), { lots: '0.01' })).code).toBe(Ok.PURCHASE_SUCCESSFUL);
  });

  it('concurrent opens against a balance covering two: exactly two open, the rest 10011, nothing else written', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '700');
    const v = await createUser(t.app);
    await fund(t.app, v.id, 'USDT', '1000');
    // each needs 0.05 × 67,000 / 10 = 335 of margin + 1.675 of fee = 336.675
    const before = await tradingCounts(t.app);
    const replies = await Promise.all([
      ...Array.from({ length: 6 }, () => buyOptions(t.app, real(u), { lots: '0.05' })),
      ...Array.from({ length: 2 }, () => buyOptions(t.app, real(v), { lots: '0.05' })),
    ]);
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === Ok.PURCHASE_SUCCESSFUL)).toHaveLength(4);
    expect(codes.filter((c) => c === Err.INSUFFICIENT_BALANCE)).toHaveLength(4);
    const after = await tradingCounts(t.app);
    expect(after.orders - before.orders).toBe(4);
    expect(after.transfers - before.transfers).toBe(8);
    expect(await usdt(t.app, real(u))).toMatchObject({ available: '26.650000', orderMargin: '670.000000' });
    // six retries of one key open one position
    const w = await createUser(t.app);
    await fund(t.app, w.id, 'USDT', '1000');
    const key = clientKey();
    const same = await Promise.all(Array.from({ length: 6 }, () => buyOptions(t.app, real(w), { lots: '0.01', clientKey: key })));
    expect(new Set(same.map((r) => `${r.code}:${r.result?.id}`)).size).toBe(1);
    expect((await listOrders(t.app, real(w))).result.total).toBe(1);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
