import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { formatClockTime, formatDateIn, formatDateTimeIn, formatDecimalIn, formatFixedIn, intlLocale, SEPARATORS } from '../../../src/i18n/format.ts';

describe('number and date formats in the app language', () => {
  it.each(LANGUAGES)('the written-out separators of %s are the ones Intl gives', (lng) => {
    const parts = new Intl.NumberFormat(intlLocale(lng), { useGrouping: true }).formatToParts(12345.6);
    expect(SEPARATORS[lng]).toEqual({
      group: parts.find((p) => p.type === 'group')?.value,
      decimal: parts.find((p) => p.type === 'decimal')?.value,
    });
  });

  it('groups the digits of a decimal string and cuts, never rounds, extra places', () => {
    expect(formatDecimalIn('en', '-1234567.899', 2)).toBe('-1,234,567.89');
    expect(formatDecimalIn('de', '1234567.5')).toBe('1.234.567,5');
    expect(formatDecimalIn('fr', '1234.5')).toBe('1\u202f234,5');
    expect(formatFixedIn('es', '12', 2)).toBe('12,00');
    expect(formatDecimalIn('xx', '1000')).toBe('1,000');
  });

  it('formats dates as Intl does, without direction marks', () => {
    const t = '2026-11-24T08:05:00Z';
    for (const lng of LANGUAGES) {
      const locale = intlLocale(lng);
      const strip = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '');
      expect(formatDateIn(lng, t)).toBe(strip(new Date(t).toLocaleDateString(locale, { dateStyle: 'medium' })));
      expect(formatDateTimeIn(lng, t)).toBe(strip(new Date(t).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })));
      expect(formatDateTimeIn(lng, t)).not.toMatch(/[\u200e\u200f\u061c]/);
    }
  });
});

describe('the clock time of a recent moment', () => {
  it('is HH:mm today and dated otherwise, in local time', () => {
    const now = new Date(2026, 10, 24, 15, 30);
    expect(formatClockTime(new Date(2026, 10, 24, 8, 5), now)).toBe('08:05');
    expect(formatClockTime(new Date(2026, 10, 23, 23, 59).toISOString(), now)).toBe('2026-11-23 23:59');
    expect(formatClockTime(new Date(2025, 10, 24, 8, 5).getTime(), now)).toBe('2025-11-24 08:05');
  });
});
