import { describe, expect, it } from 'vitest';
import { isOpenAt } from '../../../server/market/hours/hours.ts';
import {
  closedMsIn,
  dayMask,
  isOpenFast,
  lastTradingTime,
  openMsIn,
  sessionProfile,
  sessionStart,
} from '../../../server/market/hours/tradingSessions.ts';
import type { HoursKind } from '../../../server/market/catalogue/index.ts';
import { mulberry32 } from '../../../server/market/feed/prng.ts';

/** Fixed dates only: these tests must not depend on the day they run. */
const KINDS: HoursKind[] = ['always', 'forex', 'us-equity', 'futures'];
const H = 3600_000;
const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);

describe('session tables (sessions.ts) agree with the rules (hours.ts)', () => {
  it('on every minute of weeks around both DST switches and a plain summer week', () => {
    // 2025-03-09 and 2025-11-02 are the US DST switches (Sundays); 2025-07-07 a plain Monday
    for (const start of ['2025-03-05T00:00:00Z', '2025-10-29T00:00:00Z', '2025-07-07T00:00:00Z']) {
      const t0 = at(start);
      for (let t = t0; t < t0 + 8 * 24 * H; t += MIN) {
        for (const k of KINDS) {
          if (isOpenFast(k, t) !== isOpenAt(k, new Date(t))) throw new Error(`${k} differs at ${new Date(t).toISOString()}`);
        }
      }
    }
  });

  it('on random instants over ten years', () => {
    const rnd = mulberry32(5);
    for (let i = 0; i < 5000; i++) {
      const t = at('2020-01-01T00:00:00Z') + Math.floor(rnd() * 10 * 365 * 24 * 60) * MIN + Math.floor(rnd() * MIN);
      for (const k of KINDS) expect(isOpenFast(k, t), `${k} ${new Date(t).toISOString()}`).toBe(isOpenAt(k, new Date(t)));
    }
  });

  it('a day is 48 half-hour flags', () => {
    const saturday = Math.floor(at('2025-07-12T00:00:00Z') / 86_400_000);
    expect(Array.from(dayMask('us-equity', saturday)).every((x) => x === 0)).toBe(true);
    expect(Array.from(dayMask('always', saturday)).every((x) => x === 1)).toBe(true);
    // Wednesday 2025-07-09: 09:30-16:00 EDT = 13:30-20:00 UTC = half-hours 27..39
    const wed = Array.from(dayMask('us-equity', saturday - 3));
    expect(wed.map((x, k) => (x ? k : -1)).filter((k) => k >= 0)).toEqual([27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
  });
});

describe('session arithmetic', () => {
  it('open time in a range', () => {
    // Wednesday 2025-07-09 (EDT): 6.5 h of stock session, 23 h of futures, 24 h of forex
    const d0 = at('2025-07-09T00:00:00Z');
    expect(openMsIn('us-equity', d0, d0 + 24 * H)).toBe(6.5 * H);
    expect(openMsIn('futures', d0, d0 + 24 * H)).toBe(23 * H);
    expect(openMsIn('forex', d0, d0 + 24 * H)).toBe(24 * H);
    expect(openMsIn('always', d0, d0 + 24 * H)).toBe(24 * H);
    // partial half-hours at the ends: 09:45-10:10 EDT
    expect(openMsIn('us-equity', at('2025-07-09T13:45:00Z'), at('2025-07-09T14:10:00Z'))).toBe(25 * MIN);
    // a stock weekend: Friday 16:00 EDT to Monday 09:30 EDT is 65.5 h closed
    expect(closedMsIn('us-equity', at('2025-07-11T19:59:59Z'), at('2025-07-14T13:30:00Z'))).toBe(65.5 * H);
  });

  it('the weekly profile: open share, volatility scale, session length', () => {
    const eq = sessionProfile('us-equity');
    expect(eq.openShare).toBeCloseTo(32.5 / 168, 10);
    expect(eq.openMsPerTradingDay).toBe(6.5 * H);
    expect(eq.sigmaScale).toBeCloseTo(1 / Math.sqrt(32.5 / 168 + (1 - 32.5 / 168) / 8), 10);
    expect(sessionProfile('forex').openMsPerTradingDay).toBe(24 * H);
    expect(sessionProfile('futures').openMsPerTradingDay).toBe(23 * H);
    expect(sessionProfile('always')).toEqual({ openShare: 1, sigmaScale: 1, openMsPerTradingDay: 24 * H });
  });

  it('last trading time: now while open, the close while closed', () => {
    const sunday = at('2025-07-13T15:00:00Z');
    expect(lastTradingTime('us-equity', sunday)).toBe(at('2025-07-11T20:00:00Z') - 1); // Friday 16:00 EDT
    expect(lastTradingTime('forex', sunday)).toBe(at('2025-07-11T21:00:00Z') - 1); // Friday 17:00 EDT
    expect(lastTradingTime('futures', sunday)).toBe(at('2025-07-11T21:00:00Z') - 1);
    expect(lastTradingTime('always', sunday)).toBe(sunday);
    const wed = at('2025-07-09T15:00:00Z');
    expect(lastTradingTime('us-equity', wed)).toBe(wed);
    // futures daily break 17:00-18:00 EDT: the close at 17:00 (21:00 UTC)
    expect(lastTradingTime('futures', at('2025-07-09T21:30:00Z'))).toBe(at('2025-07-09T21:00:00Z') - 1);
    // winter (EST): Friday 16:00 EST = 21:00 UTC
    expect(lastTradingTime('us-equity', at('2025-01-12T12:00:00Z'))).toBe(at('2025-01-10T21:00:00Z') - 1);
  });

  it('session start: the open of the session in progress, undefined when closed', () => {
    expect(sessionStart('us-equity', at('2025-07-14T15:00:00Z'))).toBe(at('2025-07-14T13:30:00Z'));
    expect(sessionStart('us-equity', at('2025-07-13T15:00:00Z'))).toBeUndefined();
    expect(sessionStart('forex', at('2025-07-16T15:00:00Z'))).toBe(at('2025-07-13T21:00:00Z')); // Sunday 17:00 EDT
    expect(sessionStart('futures', at('2025-07-16T15:00:00Z'))).toBe(at('2025-07-15T22:00:00Z')); // after the daily break
    expect(sessionStart('always', at('2025-07-13T15:00:00Z'))).toBe(-Infinity);
  });
});
