/**
 * The database path of the signed-in reads (issue 44 item 1): with the session check and the
 * user's kept copy both off, a read is the session's statement and one statement of its own,
 * counted at the drivers. And the positions page, read as one text a row of the shown columns
 * (server/trading/positionPage.ts), answers exactly what the full rows give.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Ok } from '../../../src/contract/errors.ts';
import { positionPageToWire, TRADING_PATHS } from '../../../src/contract/trading.ts';
import { optionsOrders } from '../../../server/trading/schema.ts';
import { positionView } from '../../../server/trading/view.ts';
import { startTradingEngine } from '../../../server/trading/engine.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buyOptions, closeOptions, marketClock, tick } from '../trading/tradingFixtures.ts';

// every statement either driver sends, with its text (a prepared one by its name too)
const sent: string[] = [];
const originals: Array<[Record<string, unknown>, unknown]> = [];
for (const proto of [PGlite.prototype, pg.Client.prototype] as unknown as Array<Record<string, (...a: unknown[]) => unknown>>) {
  const original = proto.query;
  originals.push([proto, original]);
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; name?: string };
    sent.push(typeof q === 'string' ? q : `${q?.name ?? ''} ${q?.text ?? ''}`);
    return original.apply(this, args);
  };
}
afterAll(() => {
  for (const [proto, original] of originals) proto.query = original;
});

describe(`signed-in reads from the database (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  // the session checked in the database at every request, nothing of the user's kept
  const t = useTestApp(() => ({ clock: clock.now, sessionCacheMs: 0, userReadCacheMs: 0, tradingSweepMs: 100 }));
  let u: TestUser;
  let stop: () => Promise<void> = async () => {};
  afterAll(() => stop());

  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000', 'demo');
    tick(t.app, clock, { BTCUSDT: 67000, ETHUSDT: 3500 });
    stop = await startTradingEngine(t.app);
    for (const b of [
      { stopLoss: '66000.5', takeProfit: '68000' },
      { direction: 'down' as const, lots: '0.25', leverage: 5 },
      { code: 'ETHUSDT', lots: '1.5' },
      {},
    ]) {
      const r = await buyOptions(t.app, demo(u), b);
      expect(r.code, JSON.stringify(r)).toBe(Ok.PURCHASE_SUCCESSFUL);
    }
    const [closing] = (await t.app.db.select({ id: optionsOrders.id }).from(optionsOrders).where(eq(optionsOrders.userId, u.id)))
      .map((r) => r.id.toString())
      .slice(-1);
    tick(t.app, clock, { BTCUSDT: 67123.45, ETHUSDT: 3512.5 });
    expect((await closeOptions(t.app, demo(u), closing)).code).toBe(Ok.SUCCESS);
  });

  const reads = [
    { name: 'getUserInfo', method: 'POST' as const, url: '/swx/customer/user/getUserInfo', headers: () => real(u), payload: {} },
    {
      name: 'listOptionsOrder',
      method: 'GET' as const,
      url: `${TRADING_PATHS.list}?pageNum=1&pageSize=20`,
      headers: () => demo(u),
    },
    {
      name: 'listRecharge',
      method: 'GET' as const,
      url: '/swx/customer/user/listRecharge?pageNum=1&pageSize=20',
      headers: () => real(u),
    },
  ];

  for (const r of reads) {
    it(`${r.name}: the session's statement and one of its own`, async () => {
      // the fewest of a few runs: a background job's statement may fall into one of them
      let fewest: string[] | undefined;
      for (let i = 0; i < 4; i++) {
        sent.length = 0;
        const res = await t.app.inject({ method: r.method, url: r.url, headers: r.headers(), payload: r.payload });
        expect(body(res).code, res.body).toBe(Ok.SUCCESS);
        if (!fewest || sent.length < fewest.length) fewest = [...sent];
      }
      expect(fewest, fewest?.join('\n')).toHaveLength(2);
      expect(fewest!.filter((s) => s.includes('"token_hash" = '))).toHaveLength(1);
    });
  }

  it('the positions page answers what the full rows give, open and closed, at the current prices', async () => {
    tick(t.app, clock, { BTCUSDT: 67200.1, ETHUSDT: 3499.25 });
    const page = body(await t.app.inject({ url: `${TRADING_PATHS.list}?pageNum=1&pageSize=20`, headers: demo(u) }));
    expect(page.code).toBe(Ok.SUCCESS);
    const full = await t.app.db.select().from(optionsOrders).where(eq(optionsOrders.userId, u.id));
    full.sort((a, b) => (a.id < b.id ? 1 : -1));
    const price = (code: string) => {
      const q = t.app.market.get(code);
      return q ? t.app.market.formatPrice(q) : undefined;
    };
    const views = full.map((r) => positionView(r, r.status === 'open' ? price(r.code) : undefined));
    expect(page.result.total).toBe(4);
    expect(page.result.rows.map((r: { status: string }) => r.status)).toContain('closed');
    // through the route's serialiser both ways: the same bytes
    const again = body(await t.app.inject({ url: `${TRADING_PATHS.list}?pageNum=1&pageSize=20`, headers: demo(u) }));
    expect(again).toEqual(page);
    expect(page.result).toEqual(JSON.parse(JSON.stringify(positionPageToWire({ rows: views, total: views.length }))));
  });
});
