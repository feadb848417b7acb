import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, htmlLangOf, type Language } from './languages.ts';

// Every language, English included, is its own chunk loaded before use: a visitor downloads the
// texts of their language only (vite.config.ts preloads English, the language of a first visit;
// scripts/measure-bundle.mjs counts it in the home page's JavaScript). Every language is complete (tests/unit/locales.test.ts), so English is
// loaded as the fallback only when it is the language.
const bundles = import.meta.glob<Record<string, unknown>>(['../locales/*/app.json', '../locales/*/errors.json'], {
  import: 'default',
});

/**
 * The app's texts are waited for (the first render needs them); the refusal texts are not: they
 * arrive in the background, and a refusal shown before they do uses the service's own message,
 * which is already in the request's language (src/services/api.ts messageFor).
 */
async function loadLanguage(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'app')) return;
  void bundles[`../locales/${lng}/errors.json`]?.().then((errors) => i18n.addResourceBundle(lng, 'errors', errors, true, true), () => undefined);
  const app = await bundles[`../locales/${lng}/app.json`]?.();
  if (app) i18n.addResourceBundle(lng, 'app', app, true, true);
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
    lng,
    fallbackLng: false,
    ns: ['app', 'errors'],
    defaultNS: 'app',
    resources: {},
    partialBundledLanguages: true,
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
