import { LANGUAGES, DEFAULT_LANGUAGE, RTL_LANGUAGES, type Language } from '../contract/constants.ts';

/** The ten languages with their own names, in the order the picker lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ar: 'العربية',
  hk: '繁體中文',
  zh: '简体中文',
};

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
export const normaliseLanguage = (v: unknown): Language => (isLanguage(v) ? v : DEFAULT_LANGUAGE);
export const directionOf = (lng: Language): 'rtl' | 'ltr' => (RTL_LANGUAGES.includes(lng) ? 'rtl' : 'ltr');
/** BCP 47 tag for <html lang> and Intl (hk and zh are our own short names). */
export const htmlLangOf = (lng: Language): string => (lng === 'hk' ? 'zh-Hant-HK' : lng === 'zh' ? 'zh-Hans' : lng);
/** Content lists are fetched per language family: type 1 for simplified Chinese, 2 otherwise (docs/products.md, section 2). */
export const contentTypeFor = (lng: Language): 1 | 2 => (lng === 'zh' ? 1 : 2);
export { LANGUAGES, DEFAULT_LANGUAGE, type Language };
