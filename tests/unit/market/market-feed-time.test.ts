import { expect, it } from 'vitest';
import { parseFrame } from '../../../server/market/feed/exchangeFeed.ts';

/**
 * The tick time is the exchange's event time E. One frame dated far in the future (a feed
 * glitch) would make every later real tick look older and be ignored (the price freezes), and
 * rolling the 24h ring forward to it loops once per 15 minutes of the gap (blocking the process).
 */
const frame = (E: number) =>
  JSON.stringify({
    stream: 'btcusdt@miniTicker',
    data: { e: '24hrMiniTicker', E, s: 'BTCUSDT', c: '64000', o: '63000', h: '65000', l: '62000', v: '10', q: '640000' },
  });

it('drops a tick dated far ahead of the clock', () => {
  expect(parseFrame(frame(Date.now() + 1e12), new Set(['BTCUSDT']), new Map(), Date.now())).toEqual([]);
});

it('keeps a tick dated now', () => {
  const now = Date.now();
  const [tick] = parseFrame(frame(now), new Set(['BTCUSDT']), new Map(), now);
  expect(tick).toMatchObject({ code: 'BTCUSDT', price: 64000, time: now });
});
