import { htmlLangOf, normaliseLanguage } from './languages.ts';

/**
 * Numbers and dates in the app's language (not the browser's): Intl with the language's BCP 47
 * tag and Latin digits (`-u-nu-latn`), so an Arabic screen does not mix two digit sets beside
 * prices and codes. Money stays a decimal string: only the separators come from Intl, the digits
 * are never turned into a float.
 */
export const intlLocale = (language: string): string => `${htmlLangOf(normaliseLanguage(language))}-u-nu-latn`;

const separatorCache = new Map<string, { group: string; decimal: string }>();
function separators(language: string): { group: string; decimal: string } {
  const locale = intlLocale(language);
  let s = separatorCache.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
    s = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separatorCache.set(locale, s);
  }
  return s;
}

/** A decimal string with the language's digit grouping and decimal mark; `maxFraction` cuts (never rounds) extra digits. */
export function formatDecimalIn(language: string, value: string, maxFraction?: number): string {
  const { group, decimal } = separators(language);
  const neg = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const f = maxFraction === undefined ? frac : frac.slice(0, maxFraction);
  return `${neg ? '-' : ''}${grouped}${f ? `${decimal}${f}` : ''}`;
}

/** A money amount with exactly `places` decimals (cut, not rounded: a balance is never shown higher than it is). */
export function formatFixedIn(language: string, value: string, places: number): string {
  const [, frac = ''] = value.split('.');
  const padded = places > 0 ? `${value.includes('.') ? value : `${value}.`}${'0'.repeat(Math.max(0, places - frac.length))}` : value;
  return formatDecimalIn(language, padded, places);
}

// the direction marks Intl puts into Arabic dates would scramble them inside left-to-right cells
const stripMarks = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '');

export const formatDateIn = (language: string, time: string | number | Date): string =>
  stripMarks(new Date(time).toLocaleDateString(intlLocale(language), { dateStyle: 'medium' }));
export const formatDateTimeIn = (language: string, time: string | number | Date): string =>
  stripMarks(new Date(time).toLocaleString(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }));
