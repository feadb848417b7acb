/**
 * The app's texts are cut in two at build time (src/i18n/parts.ts): the home page and the shell
 * render with the home part alone, before the other screens' part has arrived. This test follows
 * the static imports from src/main.tsx (the home page's JavaScript; lazy `import()` is not
 * followed) and fails when one of those modules names a key, or builds keys under a prefix, that
 * the home part does not hold: that text would show as a raw key on a first visit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREEN_SECTIONS, SHELL_KEYS, textsOfPart } from '../../../src/i18n/parts.ts';
import { readAppTexts } from '../../../scripts/locales.ts';
import type { ConsoleSection } from '../../../src/services/platform/domain.ts';

const SRC = path.resolve('src');
// by path: the manifests load the screens, which this project's type checks (no DOM) leave to the app's
const { CONSOLE_SECTIONS } = (await import(path.join(SRC, 'services/domains.ts'))) as {
  CONSOLE_SECTIONS: readonly ConsoleSection[];
};
const LANGS = ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'];
// strings of the home page's modules that look like keys but are not texts
const NOT_TEXTS = new Set([
  'support.message',
  'loan.repayment' /* user event kinds (contract/userEvents.ts) */,
  // the console's section titles: the manifests (in the entry) name them, but only the console's lazy
  // chunk shows them, after it has waited for the screens' texts like every lazy screen (App.tsx)
  ...CONSOLE_SECTIONS.map((s) => s.title),
]);

type Texts = { [key: string]: string | Texts };
const read = (lng: string): Texts => readAppTexts(lng, path.dirname(SRC)) as Texts;
function leaves(o: Texts, prefix = '', out: string[] = []): string[] {
  for (const [k, v] of Object.entries(o)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.push(p);
    else leaves(v, p, out);
  }
  return out;
}

/** Every module the entry imports statically, with the modules they import, and so on. */
function homeModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    // `import x from`, `import { a, b } from`, `export { a } from`, `import '../x'`; not `import type` / `export type`
    for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+\.tsx?)['"]/gm)) {
      visit(path.resolve(path.dirname(file), m[1]));
    }
  };
  visit(path.join(SRC, 'main.tsx'));
  return [...seen];
}

describe('the home part of the app texts', () => {
  const en = read('en');
  const all = leaves(en);
  const home = new Set(leaves(textsOfPart(en, 'home')));

  it('the two parts are the whole texts, without overlap, in every language', () => {
    for (const lng of LANGS) {
      const texts = read(lng);
      const h = leaves(textsOfPart(texts, 'home'));
      const s = leaves(textsOfPart(texts, 'screens'));
      expect(
        h.filter((k) => s.includes(k)),
        lng,
      ).toEqual([]);
      expect([...h, ...s].sort(), lng).toEqual(leaves(texts).sort());
    }
  });

  it('names sections and keys that exist', () => {
    for (const s of SCREEN_SECTIONS) expect(typeof en[s], s).toBe('object');
    for (const k of SHELL_KEYS)
      expect(
        all.some((l) => l === k || l.startsWith(`${k}.`)),
        k,
      ).toBe(true);
  });

  it('holds every key the home page and the shell name', () => {
    const modules = homeModules();
    expect(modules.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const file of modules) {
      const code = fs.readFileSync(file, 'utf8');
      const where = path.relative(SRC, file);
      // a whole key: 'home.start', `app:nav.home`
      for (const m of code.matchAll(/['"`](?:app:)?([a-zA-Z]\w*(?:\.\w+)+)['"`]/g)) {
        const k = m[1];
        if (NOT_TEXTS.has(k)) continue;
        const under = all.filter((l) => l === k || l.startsWith(`${k}.`));
        for (const l of under) if (!home.has(l)) missing.push(`${l} (${where})`);
      }
      // keys built under a prefix: `feed.${status}`, `app:wallet.event.${kind}`
      for (const m of code.matchAll(/`(?:app:)?([a-zA-Z]\w*(?:\.\w+)*)\.\$\{/g)) {
        for (const l of all.filter((x) => x.startsWith(`${m[1]}.`)))
          if (!home.has(l)) missing.push(`${l} (${where}, built under ${m[1]})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('leaves most of the texts to the other screens', () => {
    expect(home.size).toBeLessThan(all.length / 2);
  });
});
