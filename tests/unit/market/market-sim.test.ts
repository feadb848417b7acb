import { describe, expect, it } from 'vitest';
import { Simulator } from '../../../server/market/feed/simulator.ts';
import { aggregate, bucketStart, generateUnits, historyStart } from '../../../server/market/candles/history.ts';
import { INTERVALS, INTERVAL_MS } from '../../../src/contract/market.ts';
import { hash32, mulberry32, normalStream } from '../../../server/market/feed/prng.ts';

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
      const minimum = {
        '1m': 7 * 1440,
        '5m': 7 * 288,
        '15m': 7 * 96,
        '30m': 7 * 48,
        '1h': 110 * 24,
        '4h': 110 * 6,
        '1d': 700,
        '1w': 100,
      }[iv];
      expect(candles.length, iv).toBeGreaterThanOrEqual(minimum);
      // one assertion per interval over all candles (a million expect calls is slow on a busy machine)
      const broken = candles.findIndex((c, i) => {
        const prev = candles[i - 1];
        return (
          (prev && (c.time - prev.time !== INTERVAL_MS[iv] || Math.abs(c.open - prev.close) >= 5e-7)) ||
          c.high < Math.max(c.open, c.close) ||
          c.low > Math.min(c.open, c.close) ||
          !(c.volume > 0) ||
          bucketStart(c.time, iv) !== c.time
        );
      });
      expect(
        broken,
        `${iv}: candle ${broken} ${JSON.stringify(candles[broken])} after ${JSON.stringify(candles[broken - 1])}`,
      ).toBe(-1);
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

describe('market hours in the simulator (fixed dates)', () => {
  const S = 1000;
  const SAT = Date.parse('2025-07-12T15:00:00Z');
  const MON_OPEN = Date.parse('2025-07-14T13:30:00Z'); // Monday 09:30 New York (EDT)
  const FRI_LAST = Date.parse('2025-07-11T19:59:59Z'); // the last second of Friday's session
  const make = (seed = 11) =>
    new Simulator(
      [
        { code: 'AAPL', price: 200, volatility: 0.28, dailyTurnover: 1e10, hours: 'us-equity' },
        { code: 'EURUSD', price: 1.08, volatility: 0.08, dailyTurnover: 1e11, hours: 'forex' },
        { code: 'ES', price: 5500, volatility: 0.17, dailyTurnover: 1e11, hours: 'futures' },
        { code: 'BTCUSDT', price: 67000, volatility: 0.55, dailyTurnover: 2e9 },
      ],
      seed,
    );

  it('a closed stock, forex pair and future do not tick over a weekend; crypto ticks every second', () => {
    const sim = make();
    for (let i = 0; i < 600; i++) {
      const ticks = sim.step(SAT + i * S);
      expect(ticks.map((t) => t.code)).toEqual(['BTCUSDT']);
    }
    for (let i = 0; i < 100; i++)
      expect(sim.step(Date.parse('2025-07-13T12:00:00Z') + i * S).map((t) => t.code)).toEqual(['BTCUSDT']);
    expect(sim.price('AAPL')).toBe(200);
    expect(sim.price('EURUSD')).toBe(1.08);
    expect(sim.price('ES')).toBe(5500);
    expect(sim.price('BTCUSDT')).not.toBe(67000);
  });

  it('forex and futures reopen on Sunday evening, the stock at Monday 09:30 New York', () => {
    const sim = make();
    // Sunday 17:00 EDT = 21:00 UTC: forex; 18:00 EDT = 22:00 UTC: futures
    expect(sim.step(Date.parse('2025-07-13T20:59:59Z')).map((t) => t.code)).toEqual(['BTCUSDT']);
    expect(sim.step(Date.parse('2025-07-13T21:00:00Z')).map((t) => t.code)).toEqual(['EURUSD', 'BTCUSDT']);
    expect(sim.step(Date.parse('2025-07-13T22:00:00Z')).map((t) => t.code)).toEqual(['EURUSD', 'ES', 'BTCUSDT']);
    expect(sim.step(MON_OPEN - S).map((t) => t.code)).toEqual(['EURUSD', 'ES', 'BTCUSDT']);
    const open = sim.step(MON_OPEN);
    expect(open.map((t) => t.code)).toEqual(['AAPL', 'EURUSD', 'ES', 'BTCUSDT']);
    expect(open[0].price).not.toBe(200);
    let prev = open[0].price;
    for (let i = 1; i <= 30; i++) {
      const aapl = sim.step(MON_OPEN + i * S)[0];
      expect(aapl.code).toBe('AAPL');
      expect(aapl.price).not.toBe(prev); // moves every second again, from where it was
      prev = aapl.price;
    }
    // and stops at the close (16:00 EDT = 20:00 UTC)
    expect(sim.step(Date.parse('2025-07-14T20:00:00Z')).map((t) => t.code)).not.toContain('AAPL');
  });

  it('the first tick after a closure carries an overnight gap; no gap within a session', () => {
    // many instruments over one weekend: the size of the first move after the reopening
    // reflects the closed time (weekend gap sd ~1.6% for a stock), an ordinary second's is ~0.02%
    const n = 400;
    const insts = Array.from({ length: n }, (_, k) => ({
      code: `S${k}`,
      price: 100,
      volatility: 0.28,
      dailyTurnover: 1e9,
      hours: 'us-equity' as const,
    }));
    const sim = new Simulator(insts, 3);
    sim.step(FRI_LAST);
    const monday = sim.step(MON_OPEN);
    const second = sim.step(MON_OPEN + S);
    const rms = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
    expect(monday).toHaveLength(n);
    const gap = rms(monday.map((t) => Math.log(t.price / 100))); // Friday's last second was ~0.02%
    const step = rms(second.map((t, k) => Math.log(t.price / monday[k].price)));
    expect(gap).toBeGreaterThan(0.01);
    expect(gap).toBeLessThan(0.025);
    expect(step).toBeLessThan(0.001);
  });

  it('a price dated inside a closure gaps from the close before it (a Sunday anchor)', () => {
    const a = new Simulator(
      [{ code: 'AAPL', price: 200, volatility: 0.28, dailyTurnover: 1e10, hours: 'us-equity', since: SAT }],
      5,
    );
    const b = new Simulator(
      [{ code: 'AAPL', price: 200, volatility: 0.28, dailyTurnover: 1e10, hours: 'us-equity', since: FRI_LAST }],
      5,
    );
    expect(a.step(MON_OPEN)[0].price).toBe(b.step(MON_OPEN)[0].price);
  });

  it('same seed and same clock give the same ticks, weekends included', () => {
    const run = () => {
      const sim = make(21);
      const out = [];
      for (const start of [FRI_LAST - 30 * S, SAT, MON_OPEN - 5 * S])
        for (let i = 0; i < 40; i++) out.push(...sim.step(start + i * S));
      return out;
    };
    expect(run()).toEqual(run());
  });

  it('a session market trades its daily turnover over the session', () => {
    const sim = new Simulator([{ code: 'AAPL', price: 200, volatility: 0.28, dailyTurnover: 1e10, hours: 'us-equity' }], 8);
    let quote = 0;
    for (let t = MON_OPEN; t < Date.parse('2025-07-14T20:00:00Z'); t += S)
      for (const k of sim.step(t)) quote += k.volume * k.price;
    expect(quote / 1e10).toBeGreaterThan(0.9);
    expect(quote / 1e10).toBeLessThan(1.1);
  });
});

describe('generated history and market hours', () => {
  // anchored on a Sunday (as a fresh start on a Sunday is): Friday's close is the anchor price
  const anchorAt = Date.parse('2025-07-13T15:00:00Z');
  const stock = {
    code: 'AAPL',
    seed: 'h',
    anchorAt,
    anchorPrice: 200,
    volatility: 0.28,
    dailyTurnover: 1e10,
    hours: 'us-equity' as const,
  };
  const units = generateUnits(stock);
  const FRI_CLOSE = Date.parse('2025-07-11T20:00:00Z');

  it('closed time is flat at the last close with zero volume; the weekend of the anchor ends at its price', () => {
    for (const iv of ['1m', '15m', '1h'] as const) {
      const weekend = aggregate(units, iv, FRI_CLOSE, anchorAt - 1);
      expect(weekend.length).toBeGreaterThan(10);
      for (const c of weekend)
        expect(c, `${iv} ${new Date(c.time).toISOString()}`).toMatchObject({
          open: 200,
          high: 200,
          low: 200,
          close: 200,
          volume: 0,
        });
    }
    // the previous weekend (2025-07-05/06) is flat too, at the close of Friday 2025-07-04...
    const prevWeekend = aggregate(units, '1m', Date.parse('2025-07-04T20:00:00Z'), Date.parse('2025-07-07T13:29:00Z'));
    const flatAt = prevWeekend[0].close;
    for (const c of prevWeekend) expect(c).toMatchObject({ open: flatAt, high: flatAt, low: flatAt, close: flatAt, volume: 0 });
    // ...and Monday opens with a gap from it, then moves every minute with volume
    const monday = aggregate(units, '1m', Date.parse('2025-07-07T13:30:00Z'), Date.parse('2025-07-07T14:00:00Z'));
    expect(monday[0].open).not.toBe(flatAt);
    for (const c of monday) expect(c.volume).toBeGreaterThan(0);
    // nights inside the week are flat as well (Tuesday 02:00 UTC = Monday 22:00 EDT)
    expect(aggregate(units, '1h', Date.parse('2025-07-08T02:00:00Z'), Date.parse('2025-07-08T02:00:00Z'))[0].volume).toBe(0);
  });

  it('every interval is continuous over weekends: one candle per bucket, high/low bound the body', () => {
    for (const iv of INTERVALS) {
      const candles = aggregate(units, iv, historyStart(anchorAt, iv), anchorAt - 1);
      const broken = candles.findIndex(
        (c, i) =>
          (i > 0 && c.time - candles[i - 1].time !== INTERVAL_MS[iv]) ||
          c.high < Math.max(c.open, c.close) ||
          c.low > Math.min(c.open, c.close),
      );
      expect(
        broken,
        `${iv}: candle ${broken} ${JSON.stringify(candles[broken])} after ${JSON.stringify(candles[broken - 1])}`,
      ).toBe(-1);
      expect(candles.at(-1)!.close).toBe(200);
    }
    // a daily candle of a Saturday is flat, of a weekday has volume; a week has volume
    const days = aggregate(units, '1d', Date.parse('2025-07-05T00:00:00Z'), Date.parse('2025-07-07T00:00:00Z'));
    expect(days.map((d) => d.volume > 0)).toEqual([false, false, true]);
    // the daily candle opens at the session's open, not at the flat night before it
    const mondayMinutes = aggregate(units, '1m', Date.parse('2025-07-07T13:30:00Z'), Date.parse('2025-07-07T13:30:00Z'));
    expect(days[2].open).toBe(mondayMinutes[0].open);
  });

  it('the walk moves only over open time: units of a closed market never move', () => {
    // hourly units of the stock between sessions do not move; open hours do
    let movedClosed = 0;
    let movedOpen = 0;
    for (let i = 0; i < units.length; i++) {
      if (units.dur[i] !== 3600_000) continue;
      const moved = units.o[i] !== units.c[i];
      if (units.closed[i]) movedClosed += moved ? 1 : 0;
      else movedOpen += moved ? 1 : 0;
    }
    expect(movedClosed).toBe(0);
    expect(movedOpen).toBeGreaterThan(500);
  });

  it('is deterministic, and a recent-only generation equals the tail even when it starts in a closure', () => {
    const again = generateUnits(stock);
    expect(Array.from(again.c)).toEqual(Array.from(units.c));
    expect(Array.from(again.v)).toEqual(Array.from(units.v));
    // 25 h back from a Sunday anchor lands in the weekend: the walk continues to Friday's session
    const part = generateUnits(stock, 25 * 3600_000);
    expect(part.length).toBeGreaterThan(25 * 60);
    expect(part.closed[0]).toBe(0);
    expect(Array.from(part.c)).toEqual(Array.from(units.c.slice(units.length - part.length)));
    expect(Array.from(part.o)).toEqual(Array.from(units.o.slice(units.length - part.length)));
    expect(generateUnits({ ...stock, seed: 'other' }).c[0]).not.toBe(units.c[0]);
  });

  it('crypto history is unchanged by market hours (24/7, every unit moves)', () => {
    const btc = generateUnits({ code: 'BTCUSDT', seed: 'h', anchorAt, anchorPrice: 67000, volatility: 0.55, dailyTurnover: 2e9 });
    expect(Array.from(btc.closed).every((x) => x === 0)).toBe(true);
    const explicit = generateUnits({
      code: 'BTCUSDT',
      seed: 'h',
      anchorAt,
      anchorPrice: 67000,
      volatility: 0.55,
      dailyTurnover: 2e9,
      hours: 'always',
    });
    expect(Array.from(explicit.c)).toEqual(Array.from(btc.c));
  });
});
