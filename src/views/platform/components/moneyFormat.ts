import { percent } from '../../../contract/smartMath.ts';
import { formatDecimal, formatMoney } from './Figures.tsx';
import { useFormat } from './useFormat.ts';

/**
 * How the smart screens write rates, money and times. Rates are fractions on the wire
 * ("0.00016"); people read percentages ("0.016 %"). Times are in the user's language but with
 * Latin digits and without Arabic direction marks (src/i18n/format.ts), like every amount on the page.
 */
export const pct = (fraction: string) => `${percent(fraction)} %`;
/**
 * A USDT amount by the one money rule (src/i18n/format.ts): 2 places in lists, 6 (every place)
 * where the user acts on it (what a repayment costs, a quote), 0 for the whole bounds of a range.
 */
export const usdt = (amount: string, places: 0 | 2 | 6 = 2) =>
  `${places === 0 ? formatDecimal(amount, 0) : formatMoney(amount, 'USDT', { full: places === 6 })} USDT`;

export function useWhen(): (time: string | number, dateOnly?: boolean) => string {
  const format = useFormat();
  return (time, dateOnly = false) => (dateOnly ? format.date(time) : format.dateTime(time));
}
