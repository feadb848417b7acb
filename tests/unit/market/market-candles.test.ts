import { describe, expect, it } from 'vitest';
import { fillGaps } from '../../../server/market/candles/candles.ts';

const c = (time: number, close: number, volume = 1) => ({ time, open: close, high: close, low: close, close, volume });

describe('fillGaps', () => {
  it('draws interior holes flat at the previous close with zero volume', () => {
    const out = fillGaps([c(0, 10), c(180, 12)], 60);
    expect(out.map((k) => k.time)).toEqual([0, 60, 120, 180]);
    expect(out[1]).toEqual({ time: 60, open: 10, high: 10, low: 10, close: 10, volume: 0 });
    expect(out[2].close).toBe(10);
    expect(out[3].close).toBe(12);
  });

  it('invents nothing before the first or after the last candle', () => {
    expect(fillGaps([], 60)).toEqual([]);
    expect(fillGaps([c(120, 5)], 60)).toEqual([c(120, 5)]);
    expect(fillGaps([c(0, 1), c(60, 2)], 60)).toHaveLength(2);
  });
});
