/**
 * The shape of the code (docs/architecture.md): every domain has one name in every layer, reaches
 * another domain only through its door, and no two domains need each other. Lint refuses a wrong
 * import as it is written (eslint.config.js); this test reads the whole tree, so it also catches
 * what lint cannot: a door that hands out tables, a cycle between domain folders, a new crossing on
 * the client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../../server/domains.ts';
import { NO_SCREENS_YET } from './noScreensYet.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)'(\.[^']+)'/g;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f).split(path.sep).join('/'))
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('/migrations/'));
}

/** Each relative import of `file`, as a path from the root. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1].split('?')[0])),
  );
}

/** The nodes (folders or files) that form a strongly connected group of two or more (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const names: string[] = DOMAINS.map((d) => d.name);

const serverDomain = (p: string) => (p.split('/').length > 2 && names.includes(p.split('/')[1]) ? p.split('/')[1] : null);

describe('one name, five places', () => {
  it('every domain of server/domains.ts has its folder in server, src/services and src/views, and its texts', () => {
    const missing: string[] = [];
    for (const d of names.filter((n) => !NO_SCREENS_YET.includes(n))) {
      for (const dir of [`server/${d}`, `src/services/${d}`, `src/views/${d}`, `src/locales/en/${d}.json`]) {
        if (!fs.existsSync(path.join(ROOT, dir))) missing.push(dir);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every folder of server/ with a manifest is a listed domain, and the platform is not one', () => {
    const withManifest = fs
      .readdirSync(path.join(ROOT, 'server'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(ROOT, 'server', e.name, 'manifest.ts')))
      .map((e) => e.name);
    expect(withManifest.sort()).toEqual([...names].sort());
  });
});

describe('server boundaries', () => {
  const files = filesUnder('server');

  it('a domain imports another only through its index.ts, and never its tables', () => {
    const crossings = files.flatMap((f) => {
      const from = serverDomain(f);
      if (!from) return [];
      return importsOf(f)
        .filter((t) => {
          const to = serverDomain(t);
          return to !== null && to !== from && t !== `server/${to}/index.ts`;
        })
        .map((t) => `${f} -> ${t}`);
    });
    expect(crossings).toEqual([]);
  });

  it('no door hands out its tables', () => {
    const doors = names.map((d) => `server/${d}/index.ts`).filter((f) => fs.existsSync(path.join(ROOT, f)));
    const tables = doors.flatMap((door) => importsOf(door).filter((t) => /(^|\/)(schema|\w+Schema)\.ts$/.test(t)));
    expect(tables).toEqual([]);
  });

  it('the platform imports no domain', () => {
    const found = filesUnder('server/platform').flatMap((f) => importsOf(f).filter((t) => serverDomain(t) !== null));
    expect(found).toEqual([]);
  });

  it('no two domains need each other, directly or around a circle', () => {
    const graph = new Map<string, Set<string>>(names.map((d) => [d, new Set()]));
    for (const f of files) {
      const from = serverDomain(f);
      if (!from) continue;
      for (const t of importsOf(f)) {
        const to = serverDomain(t);
        if (to && to !== from) graph.get(from)!.add(to);
      }
    }
    expect(cycles(graph)).toEqual([]);
  });
});

describe('no import cycle', () => {
  // what `madge --circular` with its defaults reads: every relative import, type-only ones included
  it('no module of server/ or src/ reaches itself again through its imports', () => {
    const files = [...filesUnder('server'), ...filesUnder('src')];
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, new Set(importsOf(f).filter((t) => known.has(t)))]));
    expect(cycles(graph)).toEqual([]);
  });
});

/**
 * The client's crossings that do not go through a door: a view composing another domain's view or
 * style (lint fences services and machines, not views yet), and the platform files that still import
 * a domain (eslint.config.js, CLIENT_PLATFORM_CROSSINGS_LEFT). The number may only shrink: a new
 * crossing fails here, naming the import.
 */
const CLIENT_CROSSINGS_LEFT = 41;
const LAYERS = ['services', 'machines', 'views'];
const clientDomain = (p: string) => {
  const s = p.split('/');
  return s.length >= 4 && s[0] === 'src' && LAYERS.includes(s[1]) ? s[2] : null;
};

describe('client boundaries', () => {
  const files = LAYERS.flatMap((l) => filesUnder(`src/${l}`));
  const crossings = files.flatMap((f) => {
    const from = clientDomain(f);
    if (!from) return [];
    return importsOf(f)
      .filter((t) => {
        const to = clientDomain(t);
        // through the door of the target's layer (src/<layer>/<domain>/index.ts) is no crossing
        return to !== null && to !== from && to !== 'platform' && !/^src\/\w+\/\w+\/index\.ts$/.test(t);
      })
      .map((t) => `${f} -> ${t}`);
  });

  it(`at most ${CLIENT_CROSSINGS_LEFT} imports cross from one domain to another (the number only goes down)`, () => {
    expect(crossings.length, crossings.join('\n')).toBeLessThanOrEqual(CLIENT_CROSSINGS_LEFT);
  });

  it('machines know no services and no views', () => {
    const wrong = filesUnder('src/machines').flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('src/services/') || t.startsWith('src/views/'))
        .map((t) => `${f} -> ${t}`),
    );
    expect(wrong).toEqual([]);
  });
});
