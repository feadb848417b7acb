import { percent } from '../../../contract/smartMath.ts';
import { formatDecimal } from './Figures.tsx';
import { useFormat } from './useFormat.ts';

/**
 * How the smart screens write rates, money and times. Rates are fractions on the wire
 * ("0.00016"); people read percentages ("0.016 %"). Times are in the user's language but with
 * Latin digits and without Arabic direction marks (src/i18n/format.ts), like every amount on the page.
 */
export const pct = (fraction: string) => `${percent(fraction)} %`;
export const usdt = (amount: string, places = 2) => `${formatDecimal(amount, places)} USDT`;

export function useWhen(): (time: string | number, dateOnly?: boolean) => string {
  const format = useFormat();
  return (time, dateOnly = false) => (dateOnly ? format.date(time) : format.dateTime(time));
}
