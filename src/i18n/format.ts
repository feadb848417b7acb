import { ASSET_DECIMALS, DISPLAY_DECIMALS } from '../contract/constants.ts';
import { htmlLangOf, normaliseLanguage, type Language } from './languages.ts';

/**
 * Numbers and dates in the app's language (not the browser's): Intl with the language's BCP 47
 * tag and Latin digits (`-u-nu-latn`), so an Arabic screen does not mix two digit sets beside
 * prices and codes. Money stays a decimal string: only the separators come from Intl, the digits
 * are never turned into a float.
 */
export const intlLocale = (language: string): string => `${htmlLangOf(normaliseLanguage(language))}-u-nu-latn`;

/**
 * Each language's digit grouping and decimal mark, written out rather than asked of Intl: the
 * first Intl.NumberFormat of a page loads the locale's ICU data, which on a phone was the longest
 * single piece of the home page's first render (docs/performance.md). A unit test checks the table
 * against Intl for every language, so it cannot drift from what Intl would say.
 */
export const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  ja: { group: ',', decimal: '.' },
  ko: { group: ',', decimal: '.' },
  de: { group: '.', decimal: ',' },
  fr: { group: '\u202f', decimal: ',' },
  it: { group: '.', decimal: ',' },
  es: { group: '.', decimal: ',' },
  ar: { group: ',', decimal: '.' },
  hk: { group: ',', decimal: '.' },
  zh: { group: ',', decimal: '.' },
};
const separators = (language: string) => SEPARATORS[normaliseLanguage(language)];

/** The one minus sign of every figure on screen (U+2212, as wide as "+"), never the hyphen. */
export const MINUS = '\u2212';

/**
 * A decimal string with the language's digit grouping and decimal mark; `maxFraction` cuts (never
 * rounds) extra digits. A negative value takes the minus sign (U+2212) in every language; a value
 * that is zero once cut takes none.
 */
export function formatDecimalIn(language: string, value: string, maxFraction?: number): string {
  const { group, decimal } = separators(language);
  const neg = value.startsWith('-') || value.startsWith(MINUS);
  const [int = '0', frac = ''] = value.replace(/^[-\u2212+]/, '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const f = maxFraction === undefined ? frac : frac.slice(0, maxFraction);
  const zero = !/[1-9]/.test(int + f);
  return `${neg && !zero ? MINUS : ''}${grouped}${f ? `${decimal}${f}` : ''}`;
}

/**
 * The one rule for money on screen (docs/frontend.md, "Figures"): an amount of `asset` at its
 * display places (DISPLAY_DECIMALS) or, with `full`, at all its places (ASSET_DECIMALS), always
 * with trailing zeros to that many, cut toward zero. The sign shows only when it means something:
 * a minus for a negative amount, a plus with `sign` for a positive one, none for an amount that
 * is zero at those places (never "−0.00"). An unknown asset keeps eight places.
 */
export function formatMoneyIn(
  language: string,
  value: string,
  asset: string,
  opts: { full?: boolean; sign?: boolean } = {},
): string {
  const places = ((opts.full ? ASSET_DECIMALS : DISPLAY_DECIMALS) as Record<string, number>)[asset] ?? 8;
  const body = formatFixedIn(language, value.trim(), places);
  const zero = !/[1-9]/.test(body);
  return opts.sign && !zero && !body.startsWith(MINUS) ? `+${body}` : body;
}

/** A money amount with exactly `places` decimals (cut, not rounded: a balance is never shown higher than it is). */
export function formatFixedIn(language: string, value: string, places: number): string {
  const [, frac = ''] = value.split('.');
  const padded =
    places > 0 ? `${value.includes('.') ? value : `${value}.`}${'0'.repeat(Math.max(0, places - frac.length))}` : value;
  return formatDecimalIn(language, padded, places);
}

// the direction marks Intl puts into Arabic dates would scramble them inside left-to-right cells
export const stripMarks = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '');

// one formatter per locale and style: building an Intl.DateTimeFormat is far dearer than using one
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${intlLocale(language)}|${withTime ? 't' : 'd'}`;
  let f = dateFormats.get(key);
  if (!f) {
    // 24-hour in every language, like the clock times below: one language never shows "8:05 PM" beside "20:05"
    f = new Intl.DateTimeFormat(
      intlLocale(language),
      withTime ? { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' } : { dateStyle: 'medium' },
    );
    dateFormats.set(key, f);
  }
  return f;
}

export const formatDateIn = (language: string, time: string | number | Date): string =>
  stripMarks(dateFormat(language, false).format(new Date(time)));
export const formatDateTimeIn = (language: string, time: string | number | Date): string =>
  stripMarks(dateFormat(language, true).format(new Date(time)));

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The time of day only ("20:05"), 24-hour in every language. */
export function formatTimeIn(language: string, time: string | number | Date): string {
  const key = intlLocale(language);
  let f = timeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(key, { timeStyle: 'short', hourCycle: 'h23' });
    timeFormats.set(key, f);
  }
  return stripMarks(f.format(new Date(time)));
}

// a chart axis's moments are formatted in src/i18n/axisFormat.ts, with the chart's chunk, not the home page's

const pad2 = (n: number) => String(n).padStart(2, '0');
/**
 * A recent moment as local "HH:mm", with "YYYY-MM-DD " in front when it is not today: digits and
 * punctuation every language reads, built without Intl. For the home page, whose first render
 * would otherwise be the page's first Intl date format, which loads ICU data in one long task
 * (docs/performance.md).
 */
export function formatClockTime(time: string | number | Date, now: Date = new Date()): string {
  const d = new Date(time);
  const clock = `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? clock : `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${clock}`;
}
