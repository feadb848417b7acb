import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, htmlLangOf, type Language } from './languages.ts';

// Every language, English included, is its own chunks loaded before use: a visitor downloads the
// texts of their language only. The app's texts come in two parts (parts.ts): the shell's and home
// page's (vite.config.ts preloads the English one, the language of a first visit;
// scripts/measure-bundle.mjs counts it in the home page's JavaScript), and the other screens'.
// Every language is complete (tests/unit/platform/locales.test.ts), so English is loaded as the fallback
// only when it is the language.
const homeTexts = import.meta.glob<Record<string, unknown>>('../locales/*/platform.json', {
  query: '?app&part=home',
  import: 'default',
});
const screenTexts = import.meta.glob<Record<string, unknown>>('../locales/*/platform.json', {
  query: '?app&part=screens',
  import: 'default',
});
const errorTexts = import.meta.glob<Record<string, unknown>>('../locales/*/errors.json', { import: 'default' });

// one load per language and part: the screens' texts are asked for by every lazy screen
const loading = new Map<string, Promise<void>>();
function loadPart(lng: Language, part: 'home' | 'screens'): Promise<void> {
  const id = `${lng}/${part}`;
  let p = loading.get(id);
  if (!p) {
    const load = (part === 'home' ? homeTexts : screenTexts)[`../locales/${lng}/platform.json`];
    p = (load ? load() : Promise.resolve(null)).then((texts) => {
      if (texts) i18n.addResourceBundle(lng, 'app', texts, true, true);
    });
    // a failed load (a dropped connection) is tried again by the next caller
    p.catch(() => loading.delete(id));
    loading.set(id, p);
  }
  return p;
}

/**
 * The texts of the other screens in the current language: every lazily loaded screen waits for
 * them with its own chunk (src/views/App.tsx), so no screen renders a raw key.
 */
export const screenTextsReady = (): Promise<void> => loadPart(i18n.language as Language, 'screens');

/**
 * The shell's and home page's texts are waited for (the first render needs them); the other
 * screens' texts are not (`full` false: the first render) but follow at once. The refusal texts
 * are not waited for either: they arrive in the background, and a refusal shown before they do
 * uses the service's own message, which is already in the request's language (src/services/platform/api.ts
 * messageFor).
 */
async function loadLanguage(lng: Language, full: boolean): Promise<void> {
  if (!loading.has(`${lng}/home`)) {
    void errorTexts[`../locales/${lng}/errors.json`]?.().then(
      (errors) => i18n.addResourceBundle(lng, 'errors', errors, true, true),
      () => undefined,
    );
  }
  const home = loadPart(lng, 'home');
  const screens = full ? loadPart(lng, 'screens') : home.then(() => void loadPart(lng, 'screens').catch(() => undefined));
  await Promise.all([home, screens]);
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
    // a component on screen renders again when texts arrive (the screens' part after the first render)
    react: { bindI18nStore: 'added' },
  });
  await loadLanguage(lng, false);
  await i18n.changeLanguage(lng);
  return i18n;
}

/** A language chosen in the app: both parts are loaded before it applies, so the screen on display never shows a raw key. */
export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng, true);
  await i18n.changeLanguage(lng);
  applyDocumentLanguage(lng);
}

export { i18n };
