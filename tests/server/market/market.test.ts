import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { body, buildTestApp, waitFor, type TestApp } from '../helpers.ts';
import { instruments, watchlist } from '../../../server/market/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { createSession } from '../../../server/auth/sessions.ts';
import { INTERVALS, INTERVAL_MS, type Candle, type MarketItem } from '../../../src/contract/market.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { BizError } from '../../../server/platform/http/errors.ts';
import { bucketStart } from '../../../server/market/candles/history.ts';
import Decimal from 'decimal.js';

const INDEX = '/swx/customer/index';
let t: TestApp;

async function userToken(name: string): Promise<{ id: bigint; token: string }> {
  const [u] = await t.app.db
    .insert(users)
    .values({ username: name, inviteCode: crypto.randomBytes(4).toString('hex').toUpperCase() })
    .returning();
  return { id: u.id, token: await createSession(t.app.db, u.id, 3600_000, { now: t.app.clock.now() }) };
}
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as BizError).code;
  }
  return 'no error';
};

// The market runs on a pinned clock (a Wednesday, 11:00 in New York: every market open) so
// nothing here depends on the day the tests run; time still flows, one second a second.
const WEDNESDAY = Date.parse('2025-07-09T15:00:00Z');
const started = Date.now();
const marketClock = () => WEDNESDAY + (Date.now() - started);

beforeAll(async () => {
  t = await buildTestApp({ engines: true, feed: { kind: 'simulated', seed: 1234, staleAfterMs: 30_000 }, clock: marketClock });
  // a couple of feed steps: the reference price has moved, and moved again
  const seen = new Set<string>();
  await waitFor('two feed steps', () => seen.add(t.app.market.priceOf('BTCUSDT')).size >= 3, 10_000);
});
afterAll(async () => t?.close());

describe('catalogue on a fresh start', () => {
  it('seeds 350+ crypto and every other type, idempotently', async () => {
    const stats = body(await t.app.inject({ url: `${INDEX}/marketStats` }));
    expect(stats.code).toBe(Ok.SUCCESS);
    expect(stats.result.counts.crypto).toBeGreaterThanOrEqual(350);
    for (const k of ['forex', 'stock', 'etf', 'futures']) expect(stats.result.counts[k]).toBeGreaterThan(0);
    const [{ n }] = await t.app.db.select({ n: count() }).from(instruments);
    expect(stats.result.total).toBe(n);
    expect(Number(stats.result.volume24hUsdt)).toBeGreaterThan(0);
    expect(stats.result.source).toBe('simulated');
    const { seedMarket } = await import('../../../server/market/seed.ts');
    await seedMarket(t.app); // second run: nothing duplicated, anchors unchanged
    const [{ n: again }] = await t.app.db.select({ n: count() }).from(instruments);
    expect(again).toBe(n);
  });
});

describe('listMarketByType', () => {
  it('pages one type with full items and moving, simulated prices', async () => {
    const r = body<{ rows: MarketItem[]; total: number }>(
      await t.app.inject({ url: `${INDEX}/listMarketByType?type=crypto&pageNum=1&pageSize=10` }),
    );
    expect(r.code).toBe(Ok.SUCCESS);
    expect(r.result.rows).toHaveLength(10);
    expect(r.result.total).toBeGreaterThanOrEqual(350);
    const btc = r.result.rows[0];
    expect(btc).toMatchObject({
      code: 'BTCUSDT',
      type: 'crypto',
      appName: 'Bitcoin',
      source: 'simulated',
      stale: false,
      marketOpen: true,
    });
    expect(btc.logo).toBe(`${INDEX}/logo/BTCUSDT.svg`);
    expect(btc.hundred).toHaveLength(100);
    expect(btc.nowPrice).toBe(btc.price);
    expect(btc.hundred[99]).toBeCloseTo(Number(btc.price), 2);
    // the feed has moved the price away from the reference
    expect(btc.price).not.toBe('67250.00');
    const page2 = body<{ rows: MarketItem[] }>(
      await t.app.inject({ url: `${INDEX}/listMarketByType?type=crypto&pageNum=2&pageSize=10` }),
    );
    expect(page2.result.rows[0].code).not.toBe(btc.code);
    expect(new Set([...r.result.rows, ...page2.result.rows].map((x) => x.code)).size).toBe(20);
    for (const type of ['forex', 'stock', 'etf', 'futures']) {
      const x = body<{ rows: MarketItem[] }>(await t.app.inject({ url: `${INDEX}/listMarketByType?type=${type}` }));
      expect(x.result.rows.length).toBeGreaterThan(0);
      expect(x.result.rows.every((row) => row.type === type)).toBe(true);
    }
  });

  it('searches by code prefix or name, case-insensitively', async () => {
    const byCode = body<{ rows: MarketItem[] }>(await t.app.inject({ url: `${INDEX}/listMarketByType?search=eth` }));
    expect(byCode.result.rows.map((x) => x.code)).toContain('ETHUSDT');
    const byName = body<{ rows: MarketItem[] }>(await t.app.inject({ url: `${INDEX}/listMarketByType?search=apple` }));
    expect(byName.result.rows.map((x) => x.code)).toEqual(['AAPL']);
    const none = body<{ rows: MarketItem[]; total: number }>(
      await t.app.inject({ url: `${INDEX}/listMarketByType?search=${encodeURIComponent("'; DROP TABLE instruments;--")}` }),
    );
    expect(none.result).toEqual({ rows: [], total: 0 });
    const script = body(
      await t.app.inject({ url: `${INDEX}/listMarketByType?search=${encodeURIComponent('<script>x</script>')}` }),
    );
    expect(script.result.total).toBe(0);
    const [{ n }] = await t.app.db.select({ n: count() }).from(instruments);
    expect(n).toBeGreaterThan(500);
  });

  it('refuses bad input with MALFORMED_REQUEST', async () => {
    for (const qs of ['type=bonds', 'pageNum=0', 'pageSize=1000', 'pageNum=abc', `search=${'x'.repeat(10_000)}`, 'unknown=1']) {
      const res = await t.app.inject({ url: `${INDEX}/listMarketByType?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(body(res).code, qs).toBe(Err.MALFORMED_REQUEST);
    }
  });
});

describe('market info, prices and logos', () => {
  it('getMarketInfo gives 24h figures and the source; unknown codes are INSTRUMENT_NOT_FOUND', async () => {
    const r = body(await t.app.inject({ url: `${INDEX}/getMarketInfo/ETHUSDT` }));
    expect(r.code).toBe(Ok.SUCCESS);
    const i = r.result;
    expect(i).toMatchObject({ code: 'ETHUSDT', source: 'simulated', stale: false, tradable: true });
    expect(Number(i.high)).toBeGreaterThanOrEqual(Number(i.price));
    expect(Number(i.low)).toBeLessThanOrEqual(Number(i.price));
    expect(Number(i.volume)).toBeGreaterThan(0);
    expect(i.zdf).toBeCloseTo(((Number(i.price) - Number(i.open)) / Number(i.open)) * 100, 1);
    expect(body(await t.app.inject({ url: `${INDEX}/getMarketInfo/NOPEUSDT` })).code).toBe(Err.INSTRUMENT_NOT_FOUND);
    expect((await t.app.inject({ url: `${INDEX}/getMarketInfo/${encodeURIComponent('btc;drop')}` })).statusCode).toBe(400);
  });

  it('findMarket: what /cruuency?code&type&id names (exact code, id, or base code within the type)', async () => {
    const find = async (qs: string) => body<MarketItem>(await t.app.inject({ url: `${INDEX}/findMarket?${qs}` }));
    const list = body<{ rows: MarketItem[] }>(await t.app.inject({ url: `${INDEX}/listMarketByType?type=crypto&pageSize=2` }))
      .result.rows;
    const [btc, eth] = list;
    expect(btc.code).toBe('BTCUSDT');
    // the exact code, as before, whatever else the address says
    expect((await find('code=BTCUSDT')).result).toMatchObject({ code: 'BTCUSDT', id: btc.id, type: 'crypto' });
    expect((await find(`code=btcusdt&type=crypto&id=${eth.id}`)).result.code).toBe('BTCUSDT');
    // a base code: BTC is Bitcoin against USDT; a forex base within its type is the pair against USD
    expect((await find('code=BTC')).result.code).toBe('BTCUSDT');
    expect((await find('code=eth&type=crypto')).result.code).toBe('ETHUSDT');
    expect((await find('code=EUR&type=forex')).result.code).toBe('EURUSD');
    // the id the market list gives, alone or with a code that is no instrument's
    expect((await find(`id=${eth.id}`)).result.code).toBe('ETHUSDT');
    expect((await find(`code=ETHER&id=${eth.id}`)).result.code).toBe('ETHUSDT');
    // nothing of that base in that type, an unknown id: INSTRUMENT_NOT_FOUND; neither code nor id: malformed
    expect((await find('code=BTC&type=stock')).code).toBe(Err.INSTRUMENT_NOT_FOUND);
    expect((await find('code=NOSUCHCOIN')).code).toBe(Err.INSTRUMENT_NOT_FOUND);
    expect((await find('id=999999999')).code).toBe(Err.INSTRUMENT_NOT_FOUND);
    for (const qs of ['', 'type=crypto', 'code=btc%3Bdrop', 'type=coins&code=BTC', 'id=-1', 'code=BTC&extra=1']) {
      const res = await t.app.inject({ url: `${INDEX}/findMarket?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(body(res).code, qs).toBe(Err.MALFORMED_REQUEST);
    }
  });

  it('getPrice/bitcoin and getPrice/ethereum', async () => {
    const b = body(await t.app.inject({ url: `${INDEX}/getPrice/bitcoin` }));
    expect(b.result).toMatchObject({ code: 'BTCUSDT', source: 'simulated', stale: false });
    expect(Number(b.result.price)).toBeGreaterThan(1000);
    const e = body(await t.app.inject({ url: `${INDEX}/getPrice/ethereum` }));
    expect(e.result.code).toBe('ETHUSDT');
  });

  it('serves SVG logos: packaged for coins, generated otherwise, 404 for unknown', async () => {
    const btc = await t.app.inject({ url: `${INDEX}/logo/BTCUSDT.svg` });
    expect(btc.statusCode).toBe(200);
    expect(btc.headers['content-type']).toContain('image/svg+xml');
    expect(btc.body).toMatch(/^<svg/);
    const spy = await t.app.inject({ url: `${INDEX}/logo/SPY.svg` });
    expect(spy.body).toContain('>SPY</text>');
    expect((await t.app.inject({ url: `${INDEX}/logo/NOPE.svg` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${INDEX}/logo/${encodeURIComponent('../../etc/passwd')}` })).statusCode).toBe(400);
  });

  it('serves logos compressed, cacheable, with an ETag, and never heavier than 32 kB compressed', async () => {
    const doge = await t.app.inject({ url: `${INDEX}/logo/DOGEUSDT.svg`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(doge.statusCode).toBe(200);
    expect(doge.headers['content-encoding']).toBe('br');
    expect(doge.headers['cache-control']).toBe('public, max-age=86400');
    expect(doge.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(doge.rawPayload.length).toBeLessThanOrEqual(32 * 1024);
    expect(zlib.brotliDecompressSync(doge.rawPayload).toString()).toMatch(/^<svg/);
    const again = await t.app.inject({
      url: `${INDEX}/logo/DOGEUSDT.svg`,
      headers: { 'if-none-match': String(doge.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // PUMP's packaged icon embeds a 960 kB raster image: the badge instead
    const pump = await t.app.inject({ url: `${INDEX}/logo/PUMPUSDT.svg` });
    expect(pump.body).toContain('>PUMP</text>');
  });

  it('priceOf / valueInUsdt / assertTradable / isMarketOpen for the other domains (app.market)', async () => {
    const market = t.app.market;
    // no await between a price and what is derived from it: no feed step can come in between
    const btc = market.priceOf('BTCUSDT');
    expect(btc).toMatch(/^\d+\.\d{2}$/);
    expect(btc).toBe(market.get('BTCUSDT')!.price.toFixed(2)); // the live price at the instrument's precision
    expect(market.valueInUsdt('USDT', '12.5')).toBe('12.5');
    expect(market.valueInUsdt('USDT', '0.1234567')).toBe('0.123456'); // 6 places, rounded down
    expect(market.valueInUsdt('BTC', '2')).toBe(new Decimal(market.priceOf('BTCUSDT')).mul(2).toFixed());
    const eth = market.priceOf('ETHUSDT');
    expect(market.valueInUsdt('ETH', '0.0000001')).toBe(
      new Decimal(eth).mul('0.0000001').toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(),
    );
    expect(codeOf(() => market.priceOf('NOPE'))).toBe(Err.INSTRUMENT_NOT_FOUND);
    expect(market.isMarketOpen('AAPL', new Date('2025-07-05T15:00:00Z'))).toBe(false); // Saturday
    expect(market.isMarketOpen('AAPL', new Date('2025-07-09T15:00:00Z'))).toBe(true); // Wednesday 11:00 New York
    expect(market.isMarketOpen('BTCUSDT', new Date('2025-07-05T15:00:00Z'))).toBe(true);
    expect(codeOf(() => market.isMarketOpen('NOPE'))).toBe(Err.INSTRUMENT_NOT_FOUND);
    expect(t.app.market.assertTradable('BTCUSDT', new Date('2025-07-05T15:00:00Z')).price).toMatch(/^\d+\.\d{2}$/);
    // Saturday: stock, forex and futures markets are closed -> NOT_TRADABLE
    for (const code of ['AAPL', 'EURUSD', 'ES', 'SPY'])
      expect(codeOf(() => t.app.market.assertTradable(code, new Date('2025-07-05T15:00:00Z')))).toBe(Err.NOT_TRADABLE);
    expect(t.app.market.assertTradable('AAPL', new Date('2025-07-09T15:00:00Z')).code).toBe('AAPL');
    expect(codeOf(() => t.app.market.assertTradable('NOPE'))).toBe(Err.INSTRUMENT_NOT_FOUND);
    // a silent feed makes the price stale: PRICE_UNAVAILABLE
    const q = t.app.market.get('DOGEUSDT')!;
    const seen = q.seenAt;
    q.seenAt = marketClock() - 31_000;
    try {
      expect(codeOf(() => t.app.market.assertTradable('DOGEUSDT'))).toBe(Err.PRICE_UNAVAILABLE);
      expect(codeOf(() => t.app.market.priceOf('DOGEUSDT'))).toBe(Err.PRICE_UNAVAILABLE);
      const item = body(await t.app.inject({ url: `${INDEX}/getMarketInfo/DOGEUSDT` })).result;
      expect(item).toMatchObject({ stale: true, tradable: false });
    } finally {
      q.seenAt = Math.max(seen, q.seenAt);
    }
  });
});

describe('candles on a fresh start', () => {
  it('every interval returns continuous history up to the live bucket', async () => {
    const now = marketClock();
    for (const code of ['BTCUSDT', 'EURUSD', 'AAPL']) {
      for (const interval of INTERVALS) {
        const r = body<Candle[]>(
          await t.app.inject({ url: `${INDEX}/getKValueByCodeAndDate?code=${code}&interval=${interval}&limit=1500` }),
        );
        const at = marketClock();
        expect(r.code).toBe(Ok.SUCCESS);
        const c = r.result;
        const ms = INTERVAL_MS[interval];
        // in the first seconds of a bucket no tick may have opened it yet: then the previous
        // bucket is the newest (a candle exists only once a price has been seen in it)
        const fresh = at - bucketStart(at, interval) < 3000 ? 1 : 0;
        const minimum =
          (interval === '1d' ? 90 : interval === '1m' ? 1500 : Math.min(1500, Math.floor((7 * 86400_000) / ms))) - fresh;
        expect(c.length, `${code} ${interval}`).toBeGreaterThanOrEqual(minimum);
        for (let i = 1; i < c.length; i++) {
          expect(Date.parse(c[i].time) - Date.parse(c[i - 1].time), `${code} ${interval} ${c[i].time}`).toBe(ms);
        }
        for (const k of c) {
          expect(Number(k.high)).toBeGreaterThanOrEqual(Math.max(Number(k.open), Number(k.close)) - 1e-9);
          expect(Number(k.low)).toBeLessThanOrEqual(Math.min(Number(k.open), Number(k.close)) + 1e-9);
        }
        // reaches the bucket of now (the live one)
        expect([bucketStart(at, interval), bucketStart(at, interval) - fresh * ms], `${code} ${interval}`).toContain(
          Date.parse(c[c.length - 1].time),
        );
      }
    }
    // 1m reaches back 7 days, 1d at least 90 days
    const week = body<Candle[]>(
      await t.app.inject({
        url: `${INDEX}/getKValueByCodeAndDate?code=BTCUSDT&interval=1m&from=${new Date(now - 7 * 86400_000).toISOString()}&to=${new Date(now - 7 * 86400_000 + 3600_000).toISOString()}`,
      }),
    );
    expect(week.result.length).toBe(61);
    const days = body<Candle[]>(
      await t.app.inject({
        url: `${INDEX}/getKValueByCodeAndDate?code=BTCUSDT&interval=1d&from=${new Date(now - 95 * 86400_000).toISOString()}`,
      }),
    );
    expect(days.result.length).toBeGreaterThanOrEqual(95);
  });

  it('the live candle follows the price and is written in batches', async () => {
    const before = t.app.market.priceOf('BTCUSDT');
    const c = body<Candle[]>(
      await t.app.inject({ url: `${INDEX}/getKValueByCodeAndDate?code=BTCUSDT&interval=1m&limit=2` }),
    ).result;
    // a tick may land while the request runs: the close is the price of one side of it
    expect([before, t.app.market.priceOf('BTCUSDT')]).toContain(c.at(-1)!.close);
    await t.app.market.writer!.flush();
    const { marketCandles } = await import('../../../server/market/schema.ts');
    const [{ rows }] = await t.app.db.select({ rows: count() }).from(marketCandles);
    expect(rows).toBeGreaterThanOrEqual(600 * 8); // every instrument, every interval
  });

  it('refuses bad ranges and unknown codes', async () => {
    const bad = [
      'code=BTCUSDT&interval=2m',
      'code=BTCUSDT&from=yesterday',
      'code=BTCUSDT&limit=0',
      'interval=1m',
      `code=${'A'.repeat(30)}`,
      `code=BTCUSDT&from=2025-01-02T00:00:00Z&to=2025-01-01T00:00:00Z`,
      'code=BTCUSDT&x=1',
    ];
    for (const qs of bad) {
      const res = await t.app.inject({ url: `${INDEX}/getKValueByCodeAndDate?${qs}` });
      expect(body(res).code, qs).toBe(Err.MALFORMED_REQUEST);
    }
    expect(body(await t.app.inject({ url: `${INDEX}/getKValueByCodeAndDate?code=NOPE` })).code).toBe(Err.INSTRUMENT_NOT_FOUND);
  });
});

describe('watchlist', () => {
  const W = '/swx/customer/user/watchlist';
  it('requires a session', async () => {
    expect(body(await t.app.inject({ url: `${W}/list` })).code).toBe(Err.LOGIN_REQUIRED);
    expect(body(await t.app.inject({ method: 'POST', url: `${W}/add`, payload: { code: 'BTCUSDT' } })).code).toBe(
      Err.LOGIN_REQUIRED,
    );
    expect(
      body(
        await t.app.inject({
          method: 'POST',
          url: `${W}/add`,
          payload: { code: 'BTCUSDT' },
          headers: { authorization: 'Bearer nope' },
        }),
      ).code,
    ).toBe(Err.LOGIN_REQUIRED);
  });

  it('adds, lists, removes; refuses bad codes and changes nothing', async () => {
    const { id, token } = await userToken('watcher');
    const headers = { authorization: `Bearer ${token}` };
    expect(body(await t.app.inject({ method: 'POST', url: `${W}/add`, headers, payload: { code: 'ETHUSDT' } })).result).toEqual({
      code: 'ETHUSDT',
      watching: true,
    });
    expect(body(await t.app.inject({ method: 'POST', url: `${W}/add`, headers, payload: { code: 'AAPL' } })).code).toBe(
      Ok.SUCCESS,
    );
    expect(body(await t.app.inject({ method: 'POST', url: `${W}/add`, headers, payload: { code: 'AAPL' } })).code).toBe(
      Ok.SUCCESS,
    ); // idempotent
    const list = body<{ rows: MarketItem[]; total: number }>(await t.app.inject({ url: `${W}/list`, headers }));
    expect(list.result.rows.map((r) => r.code)).toEqual(['ETHUSDT', 'AAPL']);
    expect(list.result.total).toBe(2);
    expect(list.result.rows[0].hundred).toHaveLength(100);

    const before = await t.app.db.select().from(watchlist).where(eq(watchlist.userId, id));
    expect(body(await t.app.inject({ method: 'POST', url: `${W}/add`, headers, payload: { code: 'NOPEUSDT' } })).code).toBe(
      Err.INSTRUMENT_NOT_FOUND,
    );
    for (const payload of [
      {},
      { code: 42 },
      { code: 'btcusdt' },
      { code: "'; DROP TABLE watchlist;--" },
      { code: 'x'.repeat(10_000) },
      { code: 'BTCUSDT', extra: 1 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `${W}/add`, headers, payload });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(Err.MALFORMED_REQUEST);
    }
    expect(await t.app.db.select().from(watchlist).where(eq(watchlist.userId, id))).toEqual(before);

    expect(
      body(await t.app.inject({ method: 'POST', url: `${W}/remove`, headers, payload: { code: 'ETHUSDT' } })).result,
    ).toEqual({ code: 'ETHUSDT', watching: false });
    expect(body(await t.app.inject({ url: `${W}/list`, headers })).result.rows.map((r: MarketItem) => r.code)).toEqual(['AAPL']);
    // another user's list is separate
    const other = await userToken('other');
    expect(body(await t.app.inject({ url: `${W}/list`, headers: { authorization: other.token } })).result.total).toBe(0);
  });
});
