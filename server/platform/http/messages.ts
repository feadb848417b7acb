import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../src/contract/constants.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/locales');

/** One namespace (`errors`, `mail`) of src/locales in every language, parsed. */
export function readLocales<T>(ns: string): Record<Language, T> {
  return Object.fromEntries(
    LANGUAGES.map((lng) => [lng, JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as T]),
  ) as Record<Language, T>;
}

/** Fills `{{name}}` placeholders the way i18next does in the app; an unknown name becomes empty. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (k in params ? String(params[k]) : ''));
}

/** The catalogue messages of every language, read once (the same files the app uses). */
const catalogue = readLocales<Record<string, string>>('errors');

export function message(lng: Language, code: number, params: Record<string, unknown> = {}): string {
  return interpolate(catalogue[lng]?.[String(code)] ?? catalogue[DEFAULT_LANGUAGE][String(code)] ?? 'Unknown error', params);
}

/** A stored or sent language name, when it is one of ours. */
export const knownLanguage = (v: unknown): Language | undefined =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : undefined;

const pick = (v: string): Language | undefined => {
  const l = v.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(l)) return l as Language;
  if (l === 'zh-tw' || l === 'zh-hk' || l.startsWith('zh-hant')) return 'hk';
  const base = l.split(/[-_;]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
};

/** The language the app shows, from the `lang` header it sends with every call; undefined without one we know. */
export function appLanguageOf(headers: Record<string, string | string[] | undefined>): Language | undefined {
  const lang = headers['lang'];
  return typeof lang === 'string' ? pick(lang) : undefined;
}

/** The `lang` header wins (the app sends it), then Accept-Language, then English. */
export function languageOf(headers: Record<string, string | string[] | undefined>): Language {
  const fromApp = appLanguageOf(headers);
  if (fromApp) return fromApp;
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const l = pick(part.split(';')[0]);
      if (l) return l;
    }
  }
  return DEFAULT_LANGUAGE;
}
