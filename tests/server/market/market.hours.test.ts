import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../helpers.ts';
import { WsProbe, isArray } from '../wsClient.ts';
import { INTERVALS, INTERVAL_MS, type Candle, type MarketInfo, type MarketItem } from '../../../src/contract/market.ts';
import { WS_PATH } from '../../../src/contract/ws.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { BizError } from '../../../server/platform/http/errors.ts';
import { aggregate, bucketStart, generateUnits } from '../../../server/market/candles/history.ts';
import { historySpecOf } from '../../../server/market/quotes/state.ts';
import { waitFor } from '../../setup/waitFor.ts';

/**
 * Market hours end to end, on a pinned market clock (never the wall clock): the platform starts
 * on Saturday 2025-07-12 15:00 UTC, then the clock jumps to Monday 2025-07-14 09:29:57 New York.
 * Tests run in order (the clock only moves forward).
 */
const INDEX = '/swx/customer/index';
const SATURDAY = Date.parse('2025-07-12T15:00:00Z');
const FRI_CLOSE = Date.parse('2025-07-11T20:00:00Z'); // Friday 16:00 EDT
const THU_CLOSE = Date.parse('2025-07-10T20:00:00Z');
const MON_OPEN = Date.parse('2025-07-14T13:30:00Z'); // Monday 09:30 EDT
const CLOSED = ['AAPL', 'SPY', 'EURUSD', 'ES'];

let t: TestApp;
let offset = SATURDAY - Date.now();
const marketClock = () => Date.now() + offset;
const candles = async (qs: string) => {
  const r = body<Candle[]>(await t.app.inject({ url: `${INDEX}/getKValueByCodeAndDate?${qs}` }));
  expect(r.code, qs).toBe(Ok.SUCCESS);
  return r.result;
};
const info = async (code: string) => body<MarketInfo>(await t.app.inject({ url: `${INDEX}/getMarketInfo/${code}` })).result;
const iso = (ms: number) => new Date(ms).toISOString();
const expectContinuous = (c: Candle[], interval: keyof typeof INTERVAL_MS, label: string) => {
  for (let i = 1; i < c.length; i++)
    expect(Date.parse(c[i].time) - Date.parse(c[i - 1].time), `${label} ${c[i].time}`).toBe(INTERVAL_MS[interval]);
};

let saturdayPrice: Record<string, string> = {};

beforeAll(async () => {
  offset = SATURDAY - Date.now();
  t = await buildTestApp({ engines: true, feed: { kind: 'simulated', seed: 4242, staleAfterMs: 30_000 }, clock: marketClock });
});
afterAll(async () => t?.close());

describe('a weekend (Saturday)', () => {
  it('closed markets do not tick; crypto does', async () => {
    const btc = t.app.market.get('BTCUSDT')!;
    const before = Object.fromEntries(CLOSED.map((c) => [c, t.app.market.priceOf(c)]));
    const btcBefore = btc.time;
    await waitFor('btc.time > btcBefore + 1500', () => btc.time > btcBefore + 1500); // at least two more feed steps
    for (const code of CLOSED) {
      const q = t.app.market.get(code)!;
      expect(q.time, code).toBe(0); // never ticked
      expect(t.app.market.priceOf(code), code).toBe(before[code]);
    }
    saturdayPrice = before;
    // the price a closed market shows is its (generated) Friday close
    const last = await candles('code=AAPL&interval=1m&limit=1');
    expect(last[0].time).toBe(iso(FRI_CLOSE - 60_000));
    expect(last[0].close).toBe(before.AAPL);
  });

  it('says the market is closed, and a closed market is never stale', async () => {
    const aapl = await info('AAPL');
    expect(aapl).toMatchObject({
      marketOpen: false,
      tradable: false,
      stale: false,
      source: 'simulated',
      price: saturdayPrice.AAPL,
    });
    const list = body<{ rows: MarketItem[] }>(await t.app.inject({ url: `${INDEX}/listMarketByType?type=stock&pageSize=100` }))
      .result.rows;
    expect(list.every((r) => r.marketOpen === false && r.stale === false)).toBe(true);
    expect((await info('BTCUSDT')).marketOpen).toBe(true);
    // an hour of silence later: crypto would be stale, the closed stock is not
    const later = marketClock() + 3600_000;
    expect(t.app.market.isStale(t.app.market.get('AAPL')!, later)).toBe(false);
    expect(t.app.market.isStale(t.app.market.get('BTCUSDT')!, later)).toBe(true);
    expect(t.app.market.staleCodes()).toEqual([]);
    // prices stay readable (valuations), trading refuses NOT_TRADABLE
    expect(t.app.market.priceOf('AAPL')).toBe(saturdayPrice.AAPL);
    let code: unknown;
    try {
      t.app.market.assertTradable('AAPL');
    } catch (e) {
      code = (e as BizError).code;
    }
    expect(code).toBe(Err.NOT_TRADABLE);
  });

  it("24h figures of a closed stock are those of the 24 h before its close: change since Thursday's close", async () => {
    const aapl = await info('AAPL');
    // 15-minute candles of that window, from the API (Thursday 16:00 to Friday 16:00 EDT)
    const window = await candles(`code=AAPL&interval=15m&from=${iso(THU_CLOSE)}&to=${iso(FRI_CLOSE - 1)}`);
    expect(window).toHaveLength(96);
    const thursdayClose = (
      await candles(`code=AAPL&interval=1m&from=${iso(THU_CLOSE - 60_000)}&to=${iso(THU_CLOSE - 60_000)}`)
    )[0].close;
    expect(aapl.open).toBe(thursdayClose);
    expect(aapl.high).toBe(window.reduce((m, c) => (Number(c.high) > Number(m) ? c.high : m), window[0].high));
    expect(aapl.low).toBe(window.reduce((m, c) => (Number(c.low) < Number(m) ? c.low : m), window[0].low));
    expect(Number(aapl.volume)).toBeCloseTo(
      window.reduce((s, c) => s + Number(c.volume), 0),
      -1,
    );
    expect(Number(aapl.volume)).toBeGreaterThan(0);
    const expected = Math.round(((Number(aapl.price) - Number(thursdayClose)) / Number(thursdayClose)) * 10_000) / 100;
    expect(aapl.zdf).toBeCloseTo(expected, 2);
    expect(aapl.zdf).not.toBe(0);
    // the list, the sparkline and the websocket agree
    const item = body<{ rows: MarketItem[] }>(await t.app.inject({ url: `${INDEX}/listMarketByType?search=apple` })).result
      .rows[0];
    expect(item.zdf).toBe(aapl.zdf);
    expect(item.hundred).toHaveLength(100);
    expect(item.hundred[99]).toBeCloseTo(Number(aapl.price), 2);
    expect(item.hundred[99]).toBeCloseTo(Number(window.at(-1)!.close), 2);
    expect(t.app.market.snapshot(new Set(['AAPL']))[0].change24hPct).toBe(aapl.zdf);
  });

  it('candles end at the close for every interval, continuous, flat and empty over the previous weekend', async () => {
    for (const interval of INTERVALS) {
      const c = await candles(`code=AAPL&interval=${interval}&limit=1500`);
      expect(c.length, interval).toBeGreaterThan(interval === '1w' ? 50 : 90);
      expectContinuous(c, interval, `AAPL ${interval}`);
      expect(c.at(-1)!.time, interval).toBe(iso(bucketStart(FRI_CLOSE - 1, interval)));
      for (const k of c) {
        expect(Number(k.high)).toBeGreaterThanOrEqual(Math.max(Number(k.open), Number(k.close)));
        expect(Number(k.low)).toBeLessThanOrEqual(Math.min(Number(k.open), Number(k.close)));
      }
      // crypto reaches the bucket of now
      const b = await candles(`code=BTCUSDT&interval=${interval}&limit=3`);
      expect(Date.parse(b.at(-1)!.time), interval).toBeGreaterThanOrEqual(
        bucketStart(marketClock(), interval) - INTERVAL_MS[interval],
      );
    }
    // the weekend before (Friday 16:00 EDT to Monday 09:30 EDT): flat at Friday's close, no volume
    for (const interval of ['1m', '5m', '15m', '30m', '1h'] as const) {
      const w = await candles(
        `code=AAPL&interval=${interval}&from=${iso(Date.parse('2025-07-04T20:00:00Z'))}&to=${iso(Date.parse('2025-07-07T12:59:00Z'))}`,
      );
      expectContinuous(w, interval, `weekend ${interval}`);
      expect(w.length).toBeGreaterThan(60);
      const flat = w[0].close;
      for (const k of w)
        expect(k, `${interval} ${k.time}`).toMatchObject({ open: flat, high: flat, low: flat, close: flat, volume: '0.0000' });
    }
    const days = await candles(`code=AAPL&interval=1d&from=2025-07-05T00:00:00Z&to=2025-07-07T00:00:00Z`);
    expect(days.map((d) => Number(d.volume) > 0)).toEqual([false, false, true]);
  });

  it("the generated history is the deterministic walk of the instrument's seed and anchor", async () => {
    const q = t.app.market.get('AAPL')!;
    const units = generateUnits(historySpecOf(q.info));
    const from = Date.parse('2025-07-08T00:00:00Z');
    const to = Date.parse('2025-07-10T23:00:00Z');
    const expected = aggregate(units, '1h', from, to).map((c) => c.close.toFixed(2));
    const api = await candles(`code=AAPL&interval=1h&from=${iso(from)}&to=${iso(to)}`);
    expect(api.map((c) => c.close)).toEqual(expected);
    expect(await candles(`code=AAPL&interval=1h&from=${iso(from)}&to=${iso(to)}`)).toEqual(api);
  });

  it('the websocket sends nothing for closed instruments', async () => {
    let p: WsProbe | undefined;
    await t.app.injectWS(WS_PATH, {}, { onInit: (ws) => (p = new WsProbe(ws)) });
    const probe = p!;
    const full = (await probe.next(isArray)) as Array<{ code: string; price: string }>;
    expect(full.find((x) => x.code === 'AAPL')!.price).toBe(saturdayPrice.AAPL); // listed, at its close
    const mark = probe.messages.length;
    for (let k = 1; k <= 3; k++) await probe.next(() => probe.messages.slice(mark).filter(isArray).length >= k, 15_000);
    const codes = new Set(
      probe.messages
        .slice(mark)
        .filter(isArray)
        .flat()
        .map((x) => x.code),
    );
    expect(codes.has('BTCUSDT')).toBe(true);
    for (const code of CLOSED) expect(codes.has(code), code).toBe(false);
    probe.ws.terminate();
  });
});

describe('Monday 09:30 New York', () => {
  it('the stock moves again from its Friday close, with volume, and is tradable', async () => {
    offset = MON_OPEN - 3000 - Date.now(); // 09:29:57
    const q = t.app.market.get('AAPL')!;
    await waitFor('q.time > 0', () => q.time > 0);
    expect(q.time).toBeGreaterThanOrEqual(MON_OPEN);
    const first = q.time;
    await waitFor('q.time > first', () => q.time > first);
    expect(t.app.market.priceOf('AAPL')).not.toBe(saturdayPrice.AAPL);
    const aapl = await info('AAPL');
    expect(aapl).toMatchObject({ marketOpen: true, tradable: true, stale: false });
    expect(t.app.market.assertTradable('AAPL').code).toBe('AAPL');
    // the 24h window now holds only the weekend: the change is against Friday's close
    expect(aapl.open).toBe(saturdayPrice.AAPL);
    // forex and futures reopened on Sunday evening and tick too
    await waitFor(
      "() => t.app.market.get('EURUSD')!.time >= MON_OPEN && t.app.market.get",
      () => t.app.market.get('EURUSD')!.time >= MON_OPEN && t.app.market.get('ES')!.time >= MON_OPEN,
    );
  });

  it('candles: flat over the weekend, then the live session, continuous', async () => {
    const h = await candles(`code=AAPL&interval=1h&from=${iso(FRI_CLOSE - 3600_000)}`);
    expectContinuous(h, '1h', 'AAPL 1h');
    expect(h[0].time).toBe(iso(FRI_CLOSE - 3600_000));
    expect(h.at(-1)!.time).toBe(iso(bucketStart(MON_OPEN, '1h')));
    for (const k of h.slice(1, -1))
      expect(k, k.time).toMatchObject({ open: saturdayPrice.AAPL, close: saturdayPrice.AAPL, volume: '0.0000' });
    expect(Number(h.at(-1)!.volume)).toBeGreaterThan(0);
    const m = await candles('code=AAPL&interval=1m&limit=5');
    expectContinuous(m, '1m', 'AAPL 1m');
    expect(Date.parse(m.at(-1)!.time)).toBeGreaterThanOrEqual(MON_OPEN);
    // crypto kept going across the jump
    expect(t.app.market.get('BTCUSDT')!.time).toBeGreaterThanOrEqual(MON_OPEN - 3000);
  });
});
