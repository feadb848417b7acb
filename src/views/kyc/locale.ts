import { useTranslation } from 'react-i18next';
import { htmlLangOf, normaliseLanguage } from '../../i18n/languages.ts';

/** The BCP 47 tag of the app's language now (for Intl: country names, dates). */
export function useLocaleTag(): string {
  const { i18n } = useTranslation();
  return htmlLangOf(normaliseLanguage(i18n.language));
}

/** A date and time in the app's language. */
export const dateTime = (iso: string | number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso)); // 24-hour, as every time on screen (src/i18n/format.ts)
