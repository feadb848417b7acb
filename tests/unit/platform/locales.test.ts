import fs from 'node:fs';
import path from 'node:path';
import { appTextFiles, readLocale } from '../../../scripts/locales.ts';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants.ts';

/**
 * Every namespace (`app`, the UI strings; `errors`, the catalogue; `mail`, the service's mail and
 * SMS) in all ten languages: identical key sets, identical {{placeholders}}, no English left untranslated
 * except brand names, symbols, and words that are the same in that language (listed below).
 */
const dir = path.resolve(import.meta.dirname, '../../../src/locales');
type Tree = { [k: string]: string | Tree };
const flatten = (t: Tree, prefix = ''): Record<string, string> =>
  Object.entries(t).reduce<Record<string, string>>((acc, [k, v]) => {
    if (typeof v === 'string') acc[prefix + k] = v;
    else Object.assign(acc, flatten(v, `${prefix}${k}.`));
    return acc;
  }, {});
const load = (lng: string, ns: string) => flatten(readLocale(lng, ns, path.resolve(dir, '../..')) as Tree);

describe('locales: one file per domain in every language', () => {
  const files = (lng: string) => fs.readdirSync(path.join(dir, lng)).sort();
  const sections = (lng: string, file: string) =>
    Object.keys(JSON.parse(fs.readFileSync(path.join(dir, lng, file), 'utf8')) as Tree).sort();
  it('every language has the files English has, each with the same sections', () => {
    for (const lng of LANGUAGES) {
      expect(files(lng), lng).toEqual(files('en'));
      for (const f of files('en')) expect(sections(lng, f), `${lng}/${f}`).toEqual(sections('en', f));
    }
  });
  it('each domain of the service has its texts file, and each texts file is a domain or the platform', async () => {
    const { DOMAINS } = (await import('../../../server/domains.ts')) as { DOMAINS: ReadonlyArray<{ name: string }> };
    const texts = appTextFiles('en', path.resolve(dir, '../..'));
    const { NO_SCREENS_YET } = await import('./noScreensYet.ts');
    const withTexts = DOMAINS.map((d) => d.name).filter((d) => !NO_SCREENS_YET.includes(d));
    expect(texts.filter((f) => f !== 'platform').sort()).toEqual(withTexts.sort());
  });
});
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Brand names and symbols that stay as they are in every language. */
const BRANDS = [
  'NFT',
  'NFTs',
  'ETF',
  'ETFs',
  'USDT',
  'BTC',
  'ETH',
  'Google',
  'FAQ',
  '24h',
  'JPG',
  'PNG',
  'JPEG2000',
  'TRC20',
  'ERC20',
  'KYC',
];
/** Words a language really uses as in English (checked by a speaker of it), per key. */
const SAME_IN_LANGUAGE: Record<string, readonly string[]> = {
  de: [
    'nav.nfts',
    'newuser.tabTrading',
    'footer.social',
    'feed.live',
    'feed.offline',
    'market.name',
    'market.types.etf',
    'market.types.futures',
    'home.wallet',
    'account.statusLabel',
  ],
  fr: [
    // the chain console's column names are the same words in French
    'chain.console.confirmations',
    'chain.console.tx',
    'chain.console.incidents',
    'nav.notifications',
    'nav.menu',
    'account.total',
    'account.notifications',
    'trading.plans',
    'common.page',
    'admin.flows.machines',
  ],
  it: ['nav.home', 'nav.menu', 'market.types.futures', 'auth.password'],
  es: ['session.real', 'account.total'],
};
/** Languages whose own script must appear in every string (brands aside). */
const SCRIPT: Record<string, RegExp> = {
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  ar: /\p{Script=Arabic}/u,
  hk: /\p{Script=Han}/u,
  zh: /\p{Script=Han}/u,
};
const withoutBrands = (s: string) =>
  BRANDS.reduce((acc, b) => acc.replace(new RegExp(`\\b${b}\\b`, 'g'), ''), s.replace(/\{\{\s*\w+\s*\}\}/g, ''));
const isSymbolic = (s: string) => !/\p{L}/u.test(withoutBrands(s));

/** At least this many strings in English: a namespace that lost its file's content fails. */
const MIN_STRINGS = { app: 150, errors: 20, mail: 15 } as const;

for (const ns of ['app', 'errors', 'mail'] as const) {
  describe(`locales: ${ns} namespace`, () => {
    const en = load('en', ns);
    it('English has strings', () => {
      expect(Object.keys(en).length).toBeGreaterThan(MIN_STRINGS[ns]);
    });
    for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
      describe(lng, () => {
        const file = load(lng, ns);
        it('has exactly the English key set', () => {
          expect(Object.keys(file).sort()).toEqual(Object.keys(en).sort());
        });
        it('keeps the interpolation placeholders of every string', () => {
          const wrong = Object.keys(en).filter(
            (k) => JSON.stringify(placeholders(file[k] ?? '')) !== JSON.stringify(placeholders(en[k])),
          );
          expect(wrong).toEqual([]);
        });
        it('leaves no English untranslated', () => {
          const allowed = new Set(ns === 'app' ? (SAME_IN_LANGUAGE[lng] ?? []) : []);
          const same = Object.keys(en).filter((k) => file[k] === en[k] && !isSymbolic(en[k]) && !allowed.has(k));
          expect(same).toEqual([]);
        });
        if (SCRIPT[lng]) {
          it(`writes every string in its own script`, () => {
            const foreign = Object.entries(file)
              .filter(([, v]) => !isSymbolic(v) && !SCRIPT[lng].test(v))
              .map(([k]) => k);
            expect(foreign).toEqual([]);
          });
        }
        it('has non-empty strings only', () => {
          expect(Object.entries(file).filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
        });
      });
    }
  });
}

describe('locales: the allow-list itself', () => {
  it('names only keys that exist and really are identical to English', () => {
    const en = load('en', 'app');
    for (const [lng, keys] of Object.entries(SAME_IN_LANGUAGE)) {
      const file = load(lng, 'app');
      for (const k of keys) expect(file[k], `${lng} ${k}`).toBe(en[k]);
    }
  });
  it('keeps traditional (hk) and simplified (zh) Chinese apart in the UI strings', () => {
    const hk = Object.values(load('hk', 'app')).join('');
    const zh = Object.values(load('zh', 'app')).join('');
    expect(hk).toMatch(/[請碼賬帳戶]/);
    expect(zh).toMatch(/[请码账户]/);
    expect(hk).not.toMatch(/[请码账]/);
    expect(zh).not.toMatch(/[請碼帳]/);
  });
});
