import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../src/contract/constants.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');

/** The catalogue messages of every language, read once (the same files the app uses). */
const catalogue: Record<Language, Record<string, string>> = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, JSON.parse(fs.readFileSync(path.join(localesDir, lng, 'errors.json'), 'utf8'))]),
) as Record<Language, Record<string, string>>;

export function message(lng: Language, code: number, params: Record<string, unknown> = {}): string {
  const text = catalogue[lng]?.[String(code)] ?? catalogue[DEFAULT_LANGUAGE][String(code)] ?? 'Unknown error';
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (k in params ? String(params[k]) : ''));
}

/** The `lang` header wins (the app sends it), then Accept-Language, then English. */
export function languageOf(headers: Record<string, string | string[] | undefined>): Language {
  const pick = (v: string) => {
    const l = v.trim().toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(l)) return l as Language;
    if (l === 'zh-tw' || l === 'zh-hk' || l.startsWith('zh-hant')) return 'hk';
    const base = l.split(/[-_;]/)[0];
    return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
  };
  const lang = headers['lang'];
  if (typeof lang === 'string' && pick(lang)) return pick(lang)!;
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const l = pick(part.split(';')[0]);
      if (l) return l;
    }
  }
  return DEFAULT_LANGUAGE;
}
