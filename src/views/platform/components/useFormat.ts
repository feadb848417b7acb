import { useTranslation } from 'react-i18next';
import { formatDateIn, formatDateTimeIn, formatDecimalIn, formatFixedIn } from '../../../i18n/format.ts';

/** Numbers and dates in the app's language (src/i18n/format.ts); re-renders when the language changes. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return {
    decimal: (value: string, maxFraction?: number) => formatDecimalIn(lng, value, maxFraction),
    /** a balance summary: exactly `places` decimals */
    fixed: (value: string, places = 2) => formatFixedIn(lng, value, places),
    int: (n: number) => formatDecimalIn(lng, String(Math.trunc(n))),
    date: (time: string | number | Date) => formatDateIn(lng, time),
    dateTime: (time: string | number | Date) => formatDateTimeIn(lng, time),
  };
}
