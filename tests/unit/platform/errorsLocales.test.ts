import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';
import { ALL_CODES } from '../../../src/contract/errors.ts';

/** The error catalogue in all ten languages: same keys, same placeholders, really translated. */
const dir = path.resolve(import.meta.dirname, '../../../src/locales');
const load = (lng: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(dir, lng, 'errors.json'), 'utf8'));
const files = Object.fromEntries(LANGUAGES.map((l) => [l, load(l)])) as Record<string, Record<string, string>>;
const en = files.en;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** A value with no letters in any script (e.g. "JPG / PNG", "%") may stay as it is. */
const isSymbolic = (s: string) => !/\p{L}/u.test(s);

describe('error catalogue locales', () => {
  it('has a file for each of the ten languages', () => {
    expect(LANGUAGES).toHaveLength(10);
    for (const l of LANGUAGES) expect(Object.keys(files[l]).length, l).toBeGreaterThan(0);
  });

  it('covers every code of src/contract/errors.ts in English', () => {
    const missing = ALL_CODES.map(String).filter((c) => !(c in en));
    expect(missing).toEqual([]);
  });

  for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lng, () => {
      const file = files[lng];
      it('has exactly the English key set', () => {
        expect(Object.keys(file).sort()).toEqual(Object.keys(en).sort());
      });
      it('has every catalogue code', () => {
        expect(ALL_CODES.map(String).filter((c) => !(c in file))).toEqual([]);
      });
      it('keeps the placeholders of each message', () => {
        const wrong = Object.keys(en).filter(
          (k) => JSON.stringify(placeholders(file[k] ?? '')) !== JSON.stringify(placeholders(en[k])),
        );
        expect(wrong).toEqual([]);
      });
      it('translates every message (none left in English)', () => {
        const same = Object.keys(en).filter((k) => file[k] === en[k] && !isSymbolic(en[k]));
        expect(same).toEqual([]);
      });
      it('has non-empty strings only', () => {
        const bad = Object.entries(file).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
        expect(bad).toEqual([]);
      });
    });
  }

  it('keeps traditional (hk) and simplified (zh) Chinese apart', () => {
    // a few characters that differ between the scripts: 請/请, 碼/码, 帳/账
    expect(Object.values(files.hk).join('')).toMatch(/[請碼錯]/);
    expect(Object.values(files.zh).join('')).toMatch(/[请码错]/);
    expect(Object.values(files.hk).join('')).not.toMatch(/[请码错]/);
    expect(Object.values(files.zh).join('')).not.toMatch(/[請碼錯]/);
  });

  it('writes Arabic in Arabic script', () => {
    const nonArabic = Object.entries(files.ar)
      .filter(([, v]) => !/\p{Script=Arabic}/u.test(v))
      .map(([k]) => k);
    expect(nonArabic).toEqual([]);
  });
});
