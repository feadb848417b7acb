import { useTranslation } from 'react-i18next';
import { htmlLangOf, normaliseLanguage } from '../../i18n/languages.ts';
import { percent } from '../../contract/smartMath.ts';
import { formatDecimal } from '../components/Figures.tsx';

/**
 * How the smart screens write rates, money and times. Rates are fractions on the wire
 * ("0.00016"); people read percentages ("0.016 %"). Times are in the user's language but with
 * Latin digits, like every amount on the page, so an Arabic screen does not mix two digit sets.
 */
export const pct = (fraction: string) => `${percent(fraction)} %`;
export const usdt = (amount: string, places = 2) => `${formatDecimal(amount, places)} USDT`;

export function useWhen(): (time: string | number, dateOnly?: boolean) => string {
  const { i18n } = useTranslation();
  const locale = `${htmlLangOf(normaliseLanguage(i18n.language))}-u-nu-latn`;
  // the direction marks Intl puts in Arabic dates would scramble them inside the left-to-right
  // number cells (.num) the page shows them in
  return (time, dateOnly = false) =>
    new Date(time).toLocaleString(locale, dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).replace(/[\u200e\u200f\u061c]/g, '');
}
