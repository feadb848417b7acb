import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { formatAxisTimeIn } from '../../../src/i18n/axisFormat.ts';
import {
  formatClockTime,
  formatDateIn,
  formatDateTimeIn,
  formatDecimalIn,
  formatFixedIn,
  formatMoneyIn,
  formatTimeIn,
  intlLocale,
  MINUS,
  SEPARATORS,
} from '../../../src/i18n/format.ts';

describe('number and date formats in the app language', () => {
  it.each(LANGUAGES)('the written-out separators of %s are the ones Intl gives', (lng) => {
    const parts = new Intl.NumberFormat(intlLocale(lng), { useGrouping: true }).formatToParts(12345.6);
    expect(SEPARATORS[lng]).toEqual({
      group: parts.find((p) => p.type === 'group')?.value,
      decimal: parts.find((p) => p.type === 'decimal')?.value,
    });
  });

  it('groups the digits of a decimal string and cuts, never rounds, extra places', () => {
    expect(formatDecimalIn('en', '-1234567.899', 2)).toBe('\u22121,234,567.89');
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
      expect(formatDateTimeIn(lng, t)).toBe(
        strip(new Date(t).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })),
      );
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

// issue 28 defect 9: one money formatter and one time formatter for every view, in all ten languages
describe('one money and one time formatter', () => {
  const EXPECTED_GROUPED: Record<string, string> = {
    en: '1,234,567.5',
    ja: '1,234,567.5',
    ko: '1,234,567.5',
    ar: '1,234,567.5',
    hk: '1,234,567.5',
    zh: '1,234,567.5',
    de: '1.234.567,5',
    it: '1.234.567,5',
    es: '1.234.567,5',
    fr: '1\u202f234\u202f567,5',
  };
  it.each(LANGUAGES)("%s: groups thousands, uses the asset's own decimals and the one minus sign", (lng) => {
    expect(formatDecimalIn(lng, '1234567.5')).toBe(EXPECTED_GROUPED[lng]);
    // the asset's display places, trailing zeros kept (tests/unit/client/money.test.ts has the rule in full)
    expect(formatMoneyIn(lng, '60.000000', 'USDT')).toBe(formatDecimalIn(lng, '60.00'));
    expect(formatMoneyIn(lng, '0.015', 'BTC')).toBe(formatDecimalIn(lng, '0.01500000'));
    expect(formatMoneyIn(lng, '1.123456789', 'ETH')).toBe(formatDecimalIn(lng, '1.12345678'));
    // one minus sign (U+2212), never the hyphen, and none on a zero
    const neg = formatDecimalIn(lng, '-2.72');
    expect(neg.startsWith(MINUS)).toBe(true);
    expect(neg).not.toContain('-');
    expect(formatMoneyIn(lng, '-5.000000', 'USDT')).toBe(`${MINUS}${formatDecimalIn(lng, '5.00')}`);
    expect(formatDecimalIn(lng, '-0.000', 2)).not.toContain(MINUS);
  });

  it.each(LANGUAGES)('%s: one hour convention for every time on screen (24-hour, as the clock times)', (lng) => {
    const evening = new Date(2026, 10, 24, 20, 5);
    const withDate = formatDateTimeIn(lng, evening);
    const timeOnly = formatTimeIn(lng, evening);
    const clock = formatClockTime(evening, evening);
    for (const s of [withDate, timeOnly, clock]) {
      expect(s).toContain('20');
      expect(s).not.toMatch(/AM|PM|午後|오후|下午|م$|ص$/);
    }
    expect(timeOnly).toMatch(/20.05/);
  });
});

// a chart's time labels sit in a left-to-right chart in every language (src/i18n/axisFormat.ts)
describe('the chart axis time', () => {
  const t = new Date(2026, 10, 26, 3, 0);
  const RLI = '\u2067';
  const PDI = '\u2069';
  it('is isolated right to left in Arabic: one run, day first from the right, then month and time', () => {
    const label = formatAxisTimeIn('ar', t);
    expect(label.startsWith(RLI)).toBe(true);
    expect(label.endsWith(PDI)).toBe(true);
    const inner = label.slice(1, -1);
    // nothing else steers the direction inside (no marks of Intl's), and it is the language's own label
    expect(inner).not.toMatch(/[\u200e\u200f\u061c\u2066-\u2069]/);
    expect(inner).toContain('نوفمبر');
    expect(inner).toMatch(/^26 .*03:00$/);
  });
  it.each(LANGUAGES.filter((l) => l !== 'ar'))('%s: left to right, as Intl writes it, without isolates', (lng) => {
    const label = formatAxisTimeIn(lng, t);
    expect(label).not.toMatch(/[\u200e\u200f\u061c\u2066-\u2069]/);
    expect(label).toContain('03');
    expect(label).toContain('26');
  });
  it('an unknown language is English, left to right', () => {
    expect(formatAxisTimeIn('xx', t)).toBe(formatAxisTimeIn('en', t));
    expect(formatAxisTimeIn('en', t)).toMatch(/^Nov 26, 03:00$/);
  });
});
