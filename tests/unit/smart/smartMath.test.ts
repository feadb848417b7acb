import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../src/contract/smart.ts';
import {
  annualRate,
  coveredAmount,
  dailyEarning,
  dueDays,
  earningsSchedule,
  exitSplit,
  expectedProfit,
  percent,
  todayEarnings,
} from '../../../src/contract/smartMath.ts';

/** The smart plans' amounts, exact to the millionth: what the ledger moves and the app shows. */
describe('smart plan arithmetic', () => {
  it('daily earning = amount × rate rounded down; promised yield = daily earning × days (the payouts sum to it exactly)', () => {
    expect(dailyEarning('1000', '0.00016')).toBe('0.160000');
    expect(expectedProfit('1000', '0.00016', 30)).toBe('4.800000');
    // 12345.678901 × 0.00022 = 2.71604935822 → 2.716049; × 90 = 244.44441
    expect(dailyEarning('12345.678901', '0.00022')).toBe('2.716049');
    expect(expectedProfit('12345.678901', '0.00022', 90)).toBe('244.444410');
    expect(dailyEarning('100', '0.0001')).toBe('0.010000');
    expect(expectedProfit('100000', '0.0001', 7)).toBe('70.000000');
    // no float trap: 0.1 + 0.2 style sums stay exact
    expect(expectedProfit('333.333333', '0.00016', 30)).toBe('1.599990');
    const rows = earningsSchedule('12345.678901', '0.00022', 90, 0);
    expect(rows.at(-1)).toEqual({ day: 90, time: 90 * DAY_MS, earning: '2.716049', cumulative: '244.444410' });
  });

  it('annual equivalent is the daily rate × 365, shown as a percentage', () => {
    expect(annualRate('0.0001')).toBe('0.0365');
    expect(percent(annualRate('0.00016'))).toBe('5.84');
    expect(percent(annualRate('0.00022'))).toBe('8.03');
    expect(percent('0.00022')).toBe('0.022');
  });

  it('early exit: penalty = principal × rate rounded down, refund = principal − penalty', () => {
    expect(exitSplit('1000', '0.02')).toEqual({ penalty: '20.000000', refund: '980.000000' });
    expect(exitSplit('12345.678901', '0.02')).toEqual({ penalty: '246.913578', refund: '12098.765323' });
    expect(exitSplit('100.000001', '0.02')).toEqual({ penalty: '2.000000', refund: '98.000001' });
    expect(exitSplit('500', '0')).toEqual({ penalty: '0.000000', refund: '500.000000' });
  });

  it('what the reserve covers: the largest principal whose promised yield fits, capped at the maximum', () => {
    expect(coveredAmount('1', '0.00016', 30, '100000')).toBe('208.333333');
    expect(expectedProfit('208.333333', '0.00016', 30) <= '1.000000').toBe(true);
    expect(coveredAmount('0', '0.00016', 30, '100000')).toBe('0.000000');
    expect(coveredAmount('-5', '0.00016', 30, '100000')).toBe('0.000000');
    expect(coveredAmount('1000000', '0.0001', 7, '100000')).toBe('100000.000000');
  });

  it('days due and today’s earnings follow the clock', () => {
    const start = Date.UTC(2026, 10, 23, 10);
    expect(dueDays(start, 7, start + DAY_MS - 1)).toBe(0);
    expect(dueDays(start, 7, start + DAY_MS)).toBe(1);
    expect(dueDays(start, 7, start + 100 * DAY_MS)).toBe(7);
    expect(dueDays(start, 7, start - 5)).toBe(0);
    // day 1 paid at 10:00 on the 24th: today's earnings on the 24th, none on the 25th before 10:00
    expect(todayEarnings(start, 1, '0.160000', start + DAY_MS + 3600_000)).toBe('0.160000');
    expect(todayEarnings(start, 1, '0.160000', start + 2 * DAY_MS - 3600_000)).toBe('0.000000');
    expect(todayEarnings(start, 0, '0.160000', start + DAY_MS)).toBe('0.000000');
  });
});
