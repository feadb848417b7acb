import { afterAll, beforeAll, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../helpers.ts';
import { Err } from '../../../src/contract/errors.ts';
import { BizError } from '../../../server/platform/http/errors.ts';

/**
 * After a start with FEED=exchange, an exchange-fed instrument holds whatever price was stored
 * (last run's close, a simulated close from a run without the exchange, or on a fresh install the
 * catalogue's reference price). None of these came from the exchange now: until its first tick
 * it must be stale and refused for trading, not tradable for staleAfterMs.
 */
let t: TestApp;
const WEDNESDAY = Date.parse('2025-07-09T15:00:00Z');
const started = Date.now();
beforeAll(async () => {
  // no FEED_URL: the exchange never answers (an outage at start)
  t = await buildTestApp({
    engines: true,
    feed: { kind: 'exchange', staleAfterMs: 30_000 },
    clock: () => WEDNESDAY + (Date.now() - started),
  });
});
afterAll(async () => t?.close());

it('an exchange-fed price without a tick since start is stale, not tradable', async () => {
  const q = t.app.market.get('BTCUSDT')!;
  expect(q.info.source).toBe('exchange');
  let refused: unknown;
  try {
    t.app.market.assertTradable('BTCUSDT');
  } catch (e) {
    refused = e;
  }
  expect(refused).toBeInstanceOf(BizError);
  expect((refused as BizError).code).toBe(Err.PRICE_UNAVAILABLE);
  const info = body<{ stale: boolean; tradable: boolean }>(
    await t.app.inject({ method: 'GET', url: '/swx/customer/index/getMarketInfo/BTCUSDT' }),
  ).result!;
  expect(info).toMatchObject({ stale: true, tradable: false });
  // the simulated ones run from the start and stay tradable
  expect(t.app.market.assertTradable('EURUSD').code).toBe('EURUSD');
});
