import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { body, buildTestApp, type TestApp } from '../helpers.ts';
import { parseFrame, streamUrl } from '../../../server/market/feed/exchangeFeed.ts';
import { Simulator } from '../../../server/market/feed/simulator.ts';
import type { PriceTick } from '../../../src/contract/ws.ts';
import { Err } from '../../../src/contract/errors.ts';
import { BizError } from '../../../server/platform/http/errors.ts';
import { waitFor } from '../../setup/waitFor.ts';

/**
 * The exchange adapter against a local server replaying mini-ticker frames in the documented
 * combined-stream format ({stream, data: {e: '24hrMiniTicker', E, s, c, o, h, l, v, q}}).
 */
const frame = (s: string, E: number, c: string, o: string, h: string, l: string, v: string, q: string) =>
  JSON.stringify({ stream: `${s.toLowerCase()}@miniTicker`, data: { e: '24hrMiniTicker', E, s, c, o, h, l, v, q } });

// recorded session (first connection): BTC and ETH tick, SOL never does
const T0 = Date.now();
const FIRST = [
  frame(
    'BTCUSDT',
    T0 + 1,
    '64123.45000000',
    '63500.00000000',
    '64500.00000000',
    '63012.10000000',
    '18234.55100000',
    '1163208841.22700000',
  ),
  frame(
    'ETHUSDT',
    T0 + 2,
    '3051.17000000',
    '3102.50000000',
    '3120.00000000',
    '3011.00000000',
    '301234.11000000',
    '921345678.10000000',
  ),
  frame(
    'BTCUSDT',
    T0 + 1001,
    '64130.01000000',
    '63500.00000000',
    '64500.00000000',
    '63012.10000000',
    '18235.10000000',
    '1163244000.00000000',
  ),
];
// after the reconnect
const SECOND = (t: number) => [
  frame(
    'BTCUSDT',
    t,
    '64200.00000000',
    '63500.00000000',
    '64500.00000000',
    '63012.10000000',
    '18240.00000000',
    '1163500000.00000000',
  ),
  frame(
    'ETHUSDT',
    t + 1,
    '3060.00000000',
    '3102.50000000',
    '3120.00000000',
    '3011.00000000',
    '301300.00000000',
    '921500000.00000000',
  ),
];

let server: WebSocketServer;
let t: TestApp;
const connections: Array<{ url: string; socket: WebSocket }> = [];
const refusal = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as BizError).code;
  }
};

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  server.on('connection', (socket, req) => {
    connections.push({ url: req.url ?? '', socket });
    if (connections.length === 1) {
      // replay the recording, then drop the connection without a close frame
      FIRST.forEach((f, i) => setTimeout(() => socket.send(f), 50 + i * 100));
    } else {
      for (const f of SECOND(Date.now())) socket.send(f);
    }
  });
  const port = (server.address() as AddressInfo).port;
  // 5 s: long enough that a loaded machine answers before a fresh price turns stale, short enough to see one go stale
  t = await buildTestApp({
    engines: true,
    feed: { kind: 'exchange', url: `ws://127.0.0.1:${port}`, seed: 5, staleAfterMs: 5000 },
  });
});
afterAll(async () => {
  await t?.close();
  for (const c of connections) c.socket.terminate();
  await new Promise((r) => server?.close(r));
});

describe('exchange feed adapter', () => {
  it('subscribes to the combined mini-ticker stream of every crypto pair', async () => {
    await waitFor('connections.length >= 1', () => connections.length >= 1);
    const url = new URL(connections[0].url, 'ws://x');
    expect(url.pathname).toBe('/stream');
    const streams = url.searchParams.get('streams')!.split('/');
    expect(streams).toContain('btcusdt@miniTicker');
    expect(streams).toContain('ethusdt@miniTicker');
    expect(streams.length).toBe(t.app.market.state.list.filter((q) => q.info.type === 'crypto').length);
    expect(streams.some((s) => s.startsWith('eurusd'))).toBe(false);
  });

  it('takes prices and 24h figures from the frames, labelled exchange; other markets stay simulated', async () => {
    await waitFor("() => t.app.market.get('BTCUSDT')!.price === 64130.01", () => t.app.market.get('BTCUSDT')!.price === 64130.01);
    const info = body(await t.app.inject({ url: '/swx/customer/index/getMarketInfo/BTCUSDT' })).result;
    expect(info).toMatchObject({
      price: '64130.01',
      open: '63500.00',
      high: '64500.00',
      low: '63012.10',
      volume: '18235.1000',
      source: 'exchange',
      stale: false,
    });
    expect(info.zdf).toBeCloseTo(((64130.01 - 63500) / 63500) * 100, 2);
    const eth = body(await t.app.inject({ url: '/swx/customer/index/getPrice/ethereum' })).result;
    expect(eth).toMatchObject({ price: '3051.17', source: 'exchange' });
    const fx = body(await t.app.inject({ url: '/swx/customer/index/getMarketInfo/EURUSD' })).result;
    expect(fx.source).toBe('simulated');
  });

  it('an instrument without ticks goes stale: flagged, untradable, never quietly simulated', async () => {
    const sol = t.app.market.get('SOLUSDT')!;
    const before = sol.price;
    await waitFor('t.app.market.isStale(sol), 15_000', () => t.app.market.isStale(sol), 15_000);
    const info = body(await t.app.inject({ url: '/swx/customer/index/getMarketInfo/SOLUSDT' })).result;
    expect(info).toMatchObject({ stale: true, tradable: false, source: 'exchange' });
    expect(refusal(() => t.app.market.assertTradable('SOLUSDT'))).toBe(Err.PRICE_UNAVAILABLE);
    const list = body(await t.app.inject({ url: '/swx/customer/index/listMarketByType?search=SOL' })).result;
    expect(list.rows.find((r: { code: string }) => r.code === 'SOLUSDT').stale).toBe(true);
    // the simulator did not step in: two of its steps after SOL went stale carried no SOL price
    const published: PriceTick[] = [];
    const onPrices = (ticks: PriceTick[]) => void published.push(...ticks);
    t.app.market.events.on('prices', onPrices);
    const steps = vi.spyOn(Simulator.prototype, 'step');
    try {
      await waitFor('steps.mock.calls.length >= 2', () => steps.mock.calls.length >= 2);
    } finally {
      steps.mockRestore();
      t.app.market.events.off('prices', onPrices);
    }
    expect(published.filter((x) => x.code === 'SOLUSDT')).toEqual([]);
    expect(t.app.market.get('SOLUSDT')!.price).toBe(before);
    // simulated instruments keep ticking and stay tradable
    expect(t.app.market.isStale(t.app.market.get('EURUSD')!)).toBe(false);
  });

  it('reconnects with back-off after a dropped connection and the prices come back', async () => {
    await waitFor("() => t.app.market.get('BTCUSDT')!.price === 64130.01", () => t.app.market.get('BTCUSDT')!.price === 64130.01);
    connections[0].socket.terminate(); // the exchange drops us
    await waitFor('connections.length >= 2, 20_000', () => connections.length >= 2, 20_000);
    await waitFor("() => t.app.market.get('BTCUSDT')!.price === 64200", () => t.app.market.get('BTCUSDT')!.price === 64200);
    expect(t.app.market.get('ETHUSDT')!.price).toBe(3060);
    expect(t.app.market.isStale(t.app.market.get('BTCUSDT')!)).toBe(false);
    expect(refusal(() => t.app.market.assertTradable('BTCUSDT'))).toBe('ok');
  });
});

describe('frame parsing', () => {
  const known = new Set(['BTCUSDT']);
  it('builds the documented URL', () => {
    expect(streamUrl('wss://example.test/', ['BTCUSDT', 'ETHUSDT'])).toBe(
      'wss://example.test/stream?streams=btcusdt@miniTicker/ethusdt@miniTicker',
    );
  });
  it('drops malformed, foreign and unknown frames; volume is the 24h delta', () => {
    const vols = new Map<string, number>();
    expect(parseFrame('not json', known, vols, Date.now())).toEqual([]);
    expect(parseFrame(JSON.stringify({ stream: 'x', data: { e: 'trade', s: 'BTCUSDT' } }), known, vols, Date.now())).toEqual([]);
    expect(parseFrame(frame('DOGEUSDT', 1, '1', '1', '1', '1', '1', '1'), known, vols, Date.now())).toEqual([]);
    expect(parseFrame(frame('BTCUSDT', 1, 'abc', '1', '1', '1', '1', '1'), known, vols, Date.now())).toEqual([]);
    expect(parseFrame(frame('BTCUSDT', 1, '-5', '1', '1', '1', '1', '1'), known, vols, Date.now())).toEqual([]);
    const [a] = parseFrame(frame('BTCUSDT', 10, '100', '90', '110', '80', '1000', '100000'), known, vols, Date.now());
    expect(a).toMatchObject({
      code: 'BTCUSDT',
      price: 100,
      time: 10,
      volume: 0,
      stats24h: { open: 90, high: 110, low: 80, volume: 1000, quoteVolume: 100000 },
    });
    const [b] = parseFrame(frame('BTCUSDT', 11, '101', '90', '110', '80', '1002.5', '100250'), known, vols, Date.now());
    expect(b.volume).toBeCloseTo(2.5);
    // the all-market array form is accepted too
    const arr = JSON.stringify({
      stream: '!miniTicker@arr',
      data: [JSON.parse(frame('BTCUSDT', 12, '102', '90', '110', '80', '1003', '1')).data],
    });
    expect(parseFrame(arr, known, vols, Date.now())).toHaveLength(1);
  });
});
