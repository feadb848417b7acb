import { describe, expect, it } from 'vitest';
import { ASSET_DECIMALS, ASSETS, DISPLAY_DECIMALS, LANGUAGES } from '../../../src/contract/constants.ts';
import { formatMoneyIn, MINUS, SEPARATORS } from '../../../src/i18n/format.ts';

/**
 * The one rule for money on screen (src/i18n/format.ts, formatMoneyIn; docs/frontend.md,
 * "Figures"): per asset one number of places, trailing zeros kept, cut toward zero, and a sign
 * only when it means something, in every language.
 */
/** An English figure ("1,234.5") in `lng`'s separators. */
const sep = (lng: (typeof LANGUAGES)[number], s: string) =>
  s.replace(/[,.]/g, (c) => (c === ',' ? SEPARATORS[lng].group : SEPARATORS[lng].decimal));

describe('money on screen: one rule per asset', () => {
  it.each(LANGUAGES)('%s: display places with trailing zeros, full places where the user acts', (lng) => {
    expect(formatMoneyIn(lng, '99864.836604', 'USDT')).toBe(sep(lng, '99,864.83'));
    expect(formatMoneyIn(lng, '134.49094', 'USDT')).toBe(sep(lng, '134.49'));
    expect(formatMoneyIn(lng, '60', 'USDT')).toBe(sep(lng, '60.00'));
    expect(formatMoneyIn(lng, '0.015', 'BTC')).toBe(sep(lng, '0.01500000'));
    expect(formatMoneyIn(lng, '1.5', 'ETH')).toBe(sep(lng, '1.50000000'));
    // a withdrawal's amount and fee: every place the ledger keeps
    expect(formatMoneyIn(lng, '0.336228', 'USDT', { full: true })).toBe(sep(lng, '0.336228'));
    expect(formatMoneyIn(lng, '100', 'USDT', { full: true })).toBe(sep(lng, '100.000000'));
  });

  it.each(LANGUAGES)('%s: zero and negative zero carry no sign', (lng) => {
    for (const v of ['0', '0.000000', '-0', '-0.000000', '-0.001', '+0.004', `${MINUS}0.00`]) {
      expect(formatMoneyIn(lng, v, 'USDT'), v).toBe(sep(lng, '0.00'));
      expect(formatMoneyIn(lng, v, 'USDT', { sign: true }), v).toBe(sep(lng, '0.00'));
    }
    expect(formatMoneyIn(lng, '-0.00000000', 'BTC', { sign: true })).toBe(sep(lng, '0.00000000'));
  });

  it.each(LANGUAGES)('%s: a minus (U+2212) on a negative, a plus only when asked', (lng) => {
    expect(formatMoneyIn(lng, '-67.24547', 'USDT')).toBe(`${MINUS}${sep(lng, '67.24')}`);
    expect(formatMoneyIn(lng, '-67.24547', 'USDT', { sign: true })).toBe(`${MINUS}${sep(lng, '67.24')}`);
    expect(formatMoneyIn(lng, '67.24547', 'USDT', { sign: true })).toBe(`+${sep(lng, '67.24')}`);
    expect(formatMoneyIn(lng, '67.24547', 'USDT')).toBe(sep(lng, '67.24'));
    expect(formatMoneyIn(lng, '-1', 'USDT')).not.toContain('-');
  });

  it.each(LANGUAGES)('%s: very small and very large amounts stay exact (no float, no exponent)', (lng) => {
    expect(formatMoneyIn(lng, '0.00000001', 'BTC')).toBe(sep(lng, '0.00000001'));
    expect(formatMoneyIn(lng, '0.000001', 'USDT')).toBe(sep(lng, '0.00'));
    expect(formatMoneyIn(lng, '0.000001', 'USDT', { full: true })).toBe(sep(lng, '0.000001'));
    expect(formatMoneyIn(lng, '123456789012345678901234.999999', 'USDT')).toBe(sep(lng, '123,456,789,012,345,678,901,234.99'));
    expect(formatMoneyIn(lng, '-9007199254740993.12345678', 'ETH')).toBe(`${MINUS}${sep(lng, '9,007,199,254,740,993.12345678')}`);
  });

  it('keeps one number of places per asset, whatever the value', () => {
    for (const asset of ASSETS) {
      for (const full of [false, true]) {
        const places = (full ? ASSET_DECIMALS : DISPLAY_DECIMALS)[asset];
        for (const v of ['0', '1', '12.3', '-4.56789', '1000000.123456789']) {
          const [, frac = ''] = formatMoneyIn('en', v, asset, { full }).split('.');
          expect(frac, `${asset} ${v}`).toHaveLength(places);
        }
      }
    }
  });

  it('an asset it does not know keeps eight places', () => {
    expect(formatMoneyIn('en', '1.5', 'XYZ')).toBe('1.50000000');
  });
});
