import Decimal from 'decimal.js';
import { netAt, netOfSettled, pnl, type PositionTerms } from '../../contract/optionsMath.ts';
import type { OptionsPosition } from '../../contract/trading.ts';
import { optionsOrderMachine } from '../../machines/trading/optionsOrder.ts';
import i18n from 'i18next';
import { formatDateTimeIn, formatDecimalIn, formatMoneyIn, formatTimeIn } from '../../i18n/format.ts';
import { htmlLangOf, isLanguage } from '../../i18n/languages.ts';

/**
 * What the trading screens compute from a position and the live price, with the contract's own
 * arithmetic (src/contract/optionsMath.ts), so the profit shown while a position is open is the
 * one the service settles at that price.
 */

/**
 * The position's terms, all its own (fixed when it opened and carried on the wire): never the
 * product's terms of today, so the live figure equals what the service settles at that price.
 */
export function positionTerms(
  p: Pick<OptionsPosition, 'direction' | 'lots' | 'leverage' | 'openPrice' | 'terms'>,
): PositionTerms {
  return { direction: p.direction, lots: p.lots, leverage: p.leverage, openPrice: p.openPrice, ...p.terms };
}

/**
 * Whether a position is live, from the order lifecycle (src/machines/trading/optionsOrder.ts): its
 * status is a state of that chart, and only the state tagged `live` moves with the price.
 */
export function isLive(p: Pick<OptionsPosition, 'status'>): boolean {
  return optionsOrderMachine.resolveState({ value: p.status, context: undefined as never }).hasTag('live');
}

/** Profit before fees: live at `price` while open (floored at −margin), the settled one once closed. */
export function shownPnl(p: OptionsPosition, price: string | undefined): string {
  if (!isLive(p) || !price) return p.pnl;
  return pnl(positionTerms(p), price);
}

/**
 * The result after both fees (the outcome every screen states): at `price` while open, with the
 * closing fee it would pay there; the settled one once closed.
 */
export function shownNet(p: OptionsPosition, price: string | undefined): string {
  if (!isLive(p)) return netOfSettled(p.pnl, p.openFee, p.closeFee);
  if (!price) return p.net;
  return netAt(positionTerms(p), price);
}

/** 'up' | 'down' | 'flat' of a signed decimal string, for its colour. */
export const toneOf = (v: string): 'up' | 'down' | 'flat' => {
  const d = new Decimal(v);
  return d.gt(0) ? 'up' : d.lt(0) ? 'down' : 'flat';
};

/** A signed USDT amount by the one money rule (src/i18n/format.ts): "+12.34" / "−5.00", never "−0.00". */
export function signed(v: string): string {
  return formatMoneyIn(i18n.language || 'en', v, 'USDT', { sign: true });
}

/** Digit grouping and decimal mark of the app's language (src/i18n/format.ts). */
export function groupDigits(v: string): string {
  return formatDecimalIn(i18n.language || 'en', v);
}

/** A USDT amount by the one money rule: two places, cut toward zero like every balance. */
export const money = (v: string) => formatMoneyIn(i18n.language || 'en', v, 'USDT');

// one formatter per language and unit: the ticket labels its periods on every price tick, and
// building an Intl.NumberFormat costs far more than using one (docs/performance.md)
const unitFormats = new Map<string, Intl.NumberFormat>();

/** A period in seconds as the user's language says it ("5 min", "1 h", "1 d"), by Intl: no strings to translate. */
export function periodLabel(seconds: number, language: string): string {
  const lang = isLanguage(language) ? htmlLangOf(language) : language;
  const [value, unit] =
    seconds % 86400 === 0
      ? [seconds / 86400, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : seconds % 60 === 0
          ? [seconds / 60, 'minute']
          : [seconds, 'second'];
  const key = `${lang}|${unit}`;
  let f = unitFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' });
    unitFormats.set(key, f);
  }
  return f.format(value);
}

/** A time in the user's language. */
export const timeLabel = (iso: string | null, language: string) => (iso ? formatDateTimeIn(language, iso) : '—');

/** The time of day only (an expiry within the next day), in the user's language. */
export const clockLabel = (iso: string, language: string) => formatTimeIn(language, iso);

/** One step of the lots stepper: lots ± step, never below one step; exact decimals. */
export function stepLots(lots: string, step: string, by: 1 | -1): string {
  let d: Decimal;
  try {
    d = new Decimal(lots || '0');
  } catch {
    d = new Decimal(0);
  }
  // snap to the step grid first, then move one step
  const snapped = d
    .div(step)
    .toDecimalPlaces(0, by > 0 ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL)
    .mul(step);
  const next = snapped.eq(d) ? d.add(new Decimal(step).mul(by)) : snapped;
  return Decimal.max(next, step).toFixed(new Decimal(step).decimalPlaces());
}
