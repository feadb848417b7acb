import { describe, expect, it } from 'vitest';
import { Simulator } from '../../server/market/simulator.ts';
import { aggregate, bucketStart, generateUnits, historyStart } from '../../server/market/history.ts';
import { INTERVALS, INTERVAL_MS } from '../../src/contract/market.ts';
import { hash32, mulberry32, normalStream } from '../../server/market/prng.ts';

const inst = (code: string, price: number, volatility: number) => ({ code, price, volatility, dailyTurnover: 1e8 });

describe('seeded randomness', () => {
  it('is reproducible and roughly standard normal', () => {
    const a = normalStream(mulberry32(hash32('x')));
    const b = normalStream(mulberry32(hash32('x')));
    const xs = Array.from({ length: 20000 }, () => a());
    expect(Array.from({ length: 20000 }, () => b())).toEqual(xs);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
  });
});

describe('GBM simulator', () => {
  it('gives the same ticks for the same seed, different ones for another seed', () => {
    const run = (seed: number) => {
      const sim = new Simulator([inst('BTCUSDT', 67000, 0.55), inst('EURUSD', 1.08, 0.08)], seed);
      return Array.from({ length: 50 }, (_, i) => sim.step(1_000_000 + i * 1000)).flat();
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42).map((t) => t.price)).not.toEqual(run(43).map((t) => t.price));
  });

  it("an instrument's path does not depend on what else is listed", () => {
    const alone = new Simulator([inst('BTCUSDT', 67000, 0.55)], 7);
    const crowd = new Simulator([inst('ETHUSDT', 3000, 0.7), inst('BTCUSDT', 67000, 0.55)], 7);
    for (let i = 0; i < 20; i++) {
      const a = alone.step(i).find((t) => t.code === 'BTCUSDT')!.price;
      const b = crowd.step(i).find((t) => t.code === 'BTCUSDT')!.price;
      expect(a).toBe(b);
    }
  });

  it('per-second log returns have the class volatility and no drift', () => {
    const sigmaYear = 0.8;
    const sim = new Simulator([inst('X', 100, sigmaYear)], 1);
    const n = 100_000;
    let prev = 100;
    const rets: number[] = [];
    for (let i = 0; i < n; i++) {
      const p = sim.step(i)[0].price;
      rets.push(Math.log(p / prev));
      prev = p;
    }
    const mean = rets.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(rets.reduce((s, x) => s + (x - mean) ** 2, 0) / n);
    const annualised = sd * Math.sqrt(365 * 86400);
    expect(annualised).toBeGreaterThan(sigmaYear * 0.97);
    expect(annualised).toBeLessThan(sigmaYear * 1.03);
    expect(Math.abs(mean) / sd).toBeLessThan(0.02); // no meaningful trend
    // forex moves far less than crypto
    const fx = new Simulator([inst('EURUSD', 1.08, 0.08)], 1);
    let fxPrev = 1.08;
    let fxSq = 0;
    for (let i = 0; i < 10_000; i++) {
      const p = fx.step(i)[0].price;
      fxSq += Math.log(p / fxPrev) ** 2;
      fxPrev = p;
    }
    expect(Math.sqrt(fxSq / 10_000) * Math.sqrt(365 * 86400)).toBeLessThan(0.1);
  });

  it('volumes are positive', () => {
    const sim = new Simulator([inst('X', 100, 0.5)], 3);
    for (let i = 0; i < 100; i++) expect(sim.step(i)[0].volume).toBeGreaterThan(0);
  });
});

describe('generated history', () => {
  const anchorAt = Date.UTC(2025, 6, 9, 13, 37);
  const spec = { code: 'BTCUSDT', seed: 'abc', anchorAt, anchorPrice: 67250, volatility: 0.55, dailyTurnover: 2e9 };

  it('is deterministic and ends at the anchor price', () => {
    const a = generateUnits(spec);
    const b = generateUnits(spec);
    expect(Array.from(a.c)).toEqual(Array.from(b.c));
    expect(a.c[a.length - 1]).toBe(67250);
    expect(a.t[a.length - 1]).toBe(anchorAt - 60_000);
    const other = generateUnits({ ...spec, seed: 'abd' });
    expect(other.c[0]).not.toBe(a.c[0]);
  });

  it('a recent-only generation equals the tail of the full one', () => {
    const full = generateUnits(spec);
    const part = generateUnits(spec, 3 * 3600_000);
    expect(part.length).toBe(180);
    expect(Array.from(part.c)).toEqual(Array.from(full.c.slice(full.length - 180)));
  });

  it('every interval is continuous: no gaps, open = previous close, high/low bound the body', () => {
    const units = generateUnits(spec);
    for (const iv of INTERVALS) {
      const from = historyStart(anchorAt, iv);
      const candles = aggregate(units, iv, from, anchorAt - 1);
      const minimum = { '1m': 7 * 1440, '5m': 7 * 288, '15m': 7 * 96, '30m': 7 * 48, '1h': 110 * 24, '4h': 110 * 6, '1d': 700, '1w': 100 }[iv];
      expect(candles.length, iv).toBeGreaterThanOrEqual(minimum);
      for (let i = 1; i < candles.length; i++) {
        const step = candles[i].time - candles[i - 1].time;
        expect(step, `${iv} gap at ${new Date(candles[i].time).toISOString()}`).toBe(INTERVAL_MS[iv]);
        expect(candles[i].open).toBeCloseTo(candles[i - 1].close, 6);
      }
      for (const c of candles) {
        expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
        expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
        expect(c.volume).toBeGreaterThan(0);
        expect(bucketStart(c.time, iv)).toBe(c.time);
      }
      expect(candles[candles.length - 1].close).toBe(67250);
    }
    // 1d reaches back at least 90 days, 1m at least 7
    expect(aggregate(units, '1d', anchorAt - 91 * 86400_000, anchorAt).length).toBeGreaterThanOrEqual(90);
  });

  it('weeks start on Monday', () => {
    const w = bucketStart(Date.UTC(2025, 6, 9, 12), '1w');
    expect(new Date(w).toISOString()).toBe('2025-07-07T00:00:00.000Z');
  });
});
