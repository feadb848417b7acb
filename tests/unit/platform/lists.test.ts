/**
 * One list per side (docs/architecture.md, "One name, five places"): the client's central files
 * are derived from src/services/domains.ts by loops, so none of them may import a domain's module
 * or name a domain's route, console section, event kind or key root. Each failure names the file
 * and the entry written by hand. The lists that cannot be derived yet are named at the end, with
 * the reason, and checked against the derived ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../../server/domains.ts';
import type { ClientDomainManifest, ClientRoute, ConsoleSection, Destination } from '../../../src/services/platform/domain.ts';
import { STATIC_DESTINATIONS } from '../../../scripts/staticPages.ts';
import { NO_SCREENS_YET } from './noScreensYet.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// by path: the manifests load the screens, which this project's type checks (no DOM) leave to the app's
const { CLIENT_DOMAINS, CONSOLE_SECTIONS, DESTINATIONS, ROUTES } = (await import(path.join(ROOT, 'src/services/domains.ts'))) as {
  CLIENT_DOMAINS: readonly ClientDomainManifest[];
  CONSOLE_SECTIONS: readonly ConsoleSection[];
  DESTINATIONS: readonly Destination[];
  ROUTES: readonly ClientRoute[];
};

/** The files that once held a list of the domains by hand, and now receive it. */
const CENTRAL = [
  'src/views/App.tsx',
  'src/views/admin/AdminScreen.tsx',
  'src/views/platform/app/DocumentTitle.tsx',
  'src/views/platform/app/composition.tsx',
  'src/views/platform/shell/destinations.ts',
  'src/services/platform/queries/invalidation.ts',
  'src/services/platform/domain.ts',
];
/**
 * The shells: their bars and footer are derived too, but they still link to a few screens by name
 * (the bell, the sign-in buttons) and import a few domains' parts (the support badge, the content
 * lists: tests/unit/platform/shape.test.ts counts those), so only the derived lists are checked here.
 */
const SHELLS = ['src/views/platform/shell/Desktop.tsx', 'src/views/platform/shell/Mobile.tsx'];

const LAYERS = ['services', 'views', 'machines'];
const names: string[] = CLIENT_DOMAINS.map((d) => d.name);
const VALUE_IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

/** The domain a path from the root belongs to (src/<layer>/<domain>/...), or null. */
const domainOf = (p: string) => {
  const s = p.split('/');
  return s.length >= 4 && s[0] === 'src' && LAYERS.includes(s[1]) && names.includes(s[2]) ? s[2] : null;
};

/** Each value import of `file` that lands in a domain's folder (type-only imports carry no list). */
function domainImports(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(VALUE_IMPORT)]
    .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), (m[1] ?? m[2]).split('?')[0])))
    .filter((t) => domainOf(t) !== null && domainOf(t) !== domainOf(file));
}

type Declared = { what: string; value: string; domain: string };
/** What each domain declares that a hand-kept list would name: its routes, sections, event kinds and key root. */
const declared: Declared[] = CLIENT_DOMAINS.flatMap((d): Declared[] => {
  const m = d;
  const of = (what: string, values: readonly string[]) => values.map((value) => ({ what, value, domain: m.name }));
  return [
    ...of(
      'route',
      (m.routes ?? []).map((r) => r.path).filter((p) => p !== '/'),
    ),
    ...of(
      'console section',
      (m.console ?? []).flatMap((c) => [c.id, c.title]),
    ),
    ...of(
      'destination',
      (m.destinations ?? []).map((x) => x.to).filter((p) => p !== '/'),
    ),
    ...of(
      'footer link',
      (m.footer ?? []).map((x) => x.to),
    ),
    ...of('event kind', Object.keys(m.changes ?? {})),
    ...of('key root', m.keyRoot ? [m.keyRoot] : []),
  ];
});

/** The code of `file` without its comments (a comment may name a route as an example). */
const codeOf = (file: string) =>
  fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The declared values `file` writes as a string of its own, but those of its own domain. */
function named(file: string, kinds?: readonly string[]): string[] {
  const code = codeOf(file);
  const own = domainOf(file);
  return declared
    .filter((x) => x.domain !== own && (!kinds || kinds.includes(x.what)))
    .filter(({ value }) => [`'${value}'`, `"${value}"`, `\`${value}\``].some((q) => code.includes(q)))
    .map(({ what, value, domain }) => `${file}: ${domain}'s ${what} ${value}`);
}

describe('the client derives its lists from src/services/domains.ts', () => {
  it('lists every domain of server/domains.ts, with the same names in the same order', () => {
    const server: string[] = DOMAINS.map((d) => d.name);
    const missing = server.filter((n) => !names.includes(n) && !NO_SCREENS_YET.includes(n));
    expect(missing, 'domains of server/domains.ts missing from src/services/domains.ts').toEqual([]);
    expect(
      names.filter((n) => !server.includes(n)),
      'client domains the server does not have',
    ).toEqual([]);
    expect(names, 'the order of server/domains.ts').toEqual(server.filter((n) => names.includes(n)));
    for (const d of CLIENT_DOMAINS)
      expect(fs.existsSync(path.join(ROOT, `src/services/${d.name}/manifest.ts`)), d.name).toBe(true);
  });

  it('every manifest under src/services is listed', () => {
    const withManifest = fs
      .readdirSync(path.join(ROOT, 'src/services'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(ROOT, 'src/services', e.name, 'manifest.ts')))
      .map((e) => e.name);
    expect(withManifest.sort()).toEqual([...names].sort());
  });

  it.each(CENTRAL)('%s imports no domain module', (file) => {
    expect(domainImports(file), `${file} imports a domain: take it from src/services/domains.ts`).toEqual([]);
  });

  it.each(CENTRAL)("%s names no domain's route, section, event kind or key root", (file) => {
    expect(named(file), 'written by hand: declare it in the domain manifest instead').toEqual([]);
  });

  it.each(SHELLS)("%s names no domain's destination, footer link or console section", (file) => {
    expect(named(file, ['destination', 'footer link', 'console section']), 'written by hand').toEqual([]);
  });

  it('no two domains claim the same route, console section or destination', () => {
    const twice = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    expect(twice(ROUTES.map((r) => r.path))).toEqual([]);
    expect(twice(CONSOLE_SECTIONS.map((s) => s.id))).toEqual([]);
    expect(twice(DESTINATIONS.map((d) => String(d.place)))).toEqual([]);
  });

  // Still by hand, because the build's configuration (vite.config.ts) bundles every module it imports
  // and so cannot import the manifests (they load the screens, the screens their styles): the tab
  // bar the static pages paint (scripts/staticPages.ts). It is checked against the derived one here.
  it('the static pages paint the tab bar the manifests declare', () => {
    const shape = (d: { to: string; key: string; tab?: string; Icon: unknown }) => ({
      to: d.to,
      key: d.key,
      tab: d.tab,
      Icon: d.Icon,
    });
    expect(STATIC_DESTINATIONS.map(shape), 'scripts/staticPages.ts STATIC_DESTINATIONS').toEqual(DESTINATIONS.map(shape));
  });
});
