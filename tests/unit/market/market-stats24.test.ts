import { describe, expect, it } from 'vitest';
import { MarketState, type InstrumentInfo, type LiveQuote } from '../../../server/market/quotes/state.ts';
import { bucketStart } from '../../../server/market/candles/history.ts';

const DAY = 86_400_000;
const Q15 = 15 * 60_000;

const info = (code: string, anchorAt: number): InstrumentInfo => ({
  id: 1,
  code,
  type: 'crypto',
  base: code.replace('USDT', ''),
  quote: 'USDT',
  name: code,
  pricePrecision: 2,
  quantityStep: '0.0001',
  hours: 'always',
  source: 'simulated',
  volatility: 0.6,
  dailyTurnover: 1e8,
  sortOrder: 1,
  seed: `seed-${code}`,
  anchorAt,
  anchorPrice: 100,
});

/** The 24h figures summed over the whole ring, as they were computed before the finished part was kept. */
function naive(q: LiveQuote, now: number) {
  const since = bucketStart(now, '15m') - DAY;
  let open = 0;
  let high = q.price;
  let low = q.price;
  let volume = 0;
  let quoteVolume = 0;
  for (const b of q.ring ?? []) {
    if (b.time < since) continue;
    if (!open) open = b.open;
    if (b.high > high) high = b.high;
    if (b.low < low) low = b.low;
    volume += b.volume;
    quoteVolume += b.quoteVolume;
  }
  return { open: open || q.price, high, low, volume, quoteVolume };
}

describe('24h figures kept incrementally', () => {
  it('equal the sum over the whole ring after every tick, across bucket rolls and gaps', () => {
    const start = Date.UTC(2026, 10, 20, 10, 7);
    const state = new MarketState([info('XUSDT', start - 30 * DAY)], new Map(), new Map());
    const q = state.get('XUSDT')!;
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let t = start;
    let price = 100;
    for (let i = 0; i < 3000; i++) {
      // mostly a second apart; now and then a gap of several buckets (an outage)
      t += rnd() < 0.01 ? Math.floor(rnd() * 6 * Q15) : 1000 + Math.floor(rnd() * 4000);
      price = Math.max(1, price * (1 + (rnd() - 0.5) * 0.01));
      expect(state.apply('XUSDT', price, t, rnd() * 3, t)).toBeDefined();
      expect(state.stats24(q, t)).toEqual(naive(q, t));
    }
  });
});
