import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enApp from '../locales/en/app.json';
import enErrors from '../locales/en/errors.json';
import { directionOf, htmlLangOf, type Language } from './languages.ts';

// English is bundled (the fallback); every other language is its own small chunk, loaded before use.
const bundles = import.meta.glob<Record<string, unknown>>(['../locales/*/app.json', '../locales/*/errors.json', '!../locales/en/*'], {
  import: 'default',
});

async function loadLanguage(lng: Language): Promise<void> {
  if (lng === 'en' || i18n.hasResourceBundle(lng, 'app')) return;
  const [app, errors] = await Promise.all([
    bundles[`../locales/${lng}/app.json`]?.(),
    bundles[`../locales/${lng}/errors.json`]?.(),
  ]);
  if (app) i18n.addResourceBundle(lng, 'app', app, true, true);
  if (errors) i18n.addResourceBundle(lng, 'errors', errors, true, true);
}

/** Sets <html lang dir> so the whole layout (logical CSS properties) follows the language. */
export function applyDocumentLanguage(lng: Language): void {
  document.documentElement.lang = htmlLangOf(lng);
  document.documentElement.dir = directionOf(lng);
}

/** Called once before the first render, with the stored language: no flash of English. */
export async function initI18n(lng: Language): Promise<typeof i18n> {
  applyDocumentLanguage(lng);
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['app', 'errors'],
    defaultNS: 'app',
    resources: { en: { app: enApp, errors: enErrors } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLanguage(lng);
  return i18n;
}

export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  applyDocumentLanguage(lng);
}

export { i18n };
