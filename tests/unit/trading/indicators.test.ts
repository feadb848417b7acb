import { describe, expect, it } from 'vitest';
import { bollinger, ema, readIndicators, rsi, sma, writeIndicators } from '../../../src/services/trading/indicators.ts';

/** Known values worked by hand (docs/trading.md, "Indicators"). */
describe('chart indicators', () => {
  it('SMA: the mean of the window, null until it is full', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([10, 20], 3)).toEqual([null, null]);
  });

  it('EMA: seeded with the SMA, then k = 2 / (n + 1)', () => {
    // n = 3, k = 0.5: seed 2, then 4·0.5 + 2·0.5 = 3, then 5·0.5 + 3·0.5 = 4
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(ema([2, 4, 6, 12], 3)).toEqual([null, null, 4, 8]);
    const e = ema([22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39], 10);
    // the classic worked example: SMA 22.221 on day 10, then 22.2081 on day 11 (k = 2/11)
    expect(e[9]).toBeCloseTo(22.221, 6);
    expect(e[10]).toBeCloseTo(22.2081, 4);
  });

  it('Bollinger bands: mean ± 2 population standard deviations', () => {
    const b = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expect(b.middle[7]).toBe(5);
    expect(b.upper[7]).toBe(9);
    expect(b.lower[7]).toBe(1);
    expect(b.upper[6]).toBeNull();
  });

  it('RSI: Wilder smoothing; 100 with no losses', () => {
    expect(rsi([1, 2, 1, 2, 1], 2)).toEqual([null, null, 50, 75, 37.5]);
    expect(rsi([1, 2, 3, 4], 2)).toEqual([null, null, 100, 100]);
    expect(rsi([1, 2], 2)).toEqual([null, null]);
  });

  it('the choices are remembered and garbage reads as none', () => {
    const m = new Map<string, string>();
    const s = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    expect(readIndicators(s)).toEqual([]);
    writeIndicators(s, ['rsi', 'sma']);
    expect(readIndicators(s)).toEqual(['sma', 'rsi']);
    m.set('chartIndicators', '{bad');
    expect(readIndicators(s)).toEqual([]);
  });
});
