import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What a page other than `/` needs besides the entry, named per path for the server to preload
 * (issue 26, docs/performance.md "Phone start-up beyond the home page").
 *
 * Every screen but the home page is a lazy chunk (src/views/App.tsx), so a first visit to
 * `/market` fetched the entry, ran it, and only then asked for the screen's chunk, its shared
 * chunks and the other screens' texts: one more round trip of a slow line before the screen
 * could render. The build writes `route-preloads.json` beside index.html: per route path of
 * App.tsx without parameters, the screen chunk's JavaScript and CSS and the English texts of the
 * other screens (what `screen()` waits for on a first visit, English until a language is chosen),
 * less what the entry already loads. The server (server/http/indexPage.ts) adds them as
 * low-priority preload links to the index.html it sends for that path only; `/` is unchanged, so
 * the home page's JavaScript does not grow by a byte.
 */
export interface RoutePreload {
  js: string[];
  css: string[];
}
export type RoutePreloads = Record<string, RoutePreload>;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy screen module of each route path without parameters, read from App.tsx's source: its
 * `const X = screen(() => import('./…'))` lines and its ROUTES entries `['/path', X]`. Paths whose
 * component is not such a screen (the home page) are left out. Module paths are relative to
 * src/views.
 */
export function routeScreens(appSource: string): Map<string, string> {
  const screens = new Map<string, string>();
  for (const m of appSource.matchAll(/const (\w+) = screen\(\(\) => import\('\.\/([^']+)'\)/g)) screens.set(m[1], m[2]);
  const routes = new Map<string, string>();
  for (const m of appSource.matchAll(/\['(\/[^':]*)', (\w+)\]/g)) {
    const module = screens.get(m[2]);
    if (module) routes.set(m[1], module);
  }
  return routes;
}

/** The preloads of each route, from the build manifest. */
export function routePreloads(manifest: Manifest, routes: Map<string, string>): RoutePreloads {
  const graph = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) graph(i, into);
    return into;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const initial = entry ? graph(entry) : new Set<string>();
  const initialCss = new Set([...initial].flatMap((k) => manifest[k].css ?? []));
  const screenTexts = Object.values(manifest).find((c) => /[\\/]locales[\\/]en[\\/]app\.json\?part=screens$/.test(c.src ?? ''))?.file;
  const out: RoutePreloads = {};
  for (const [route, module] of routes) {
    const key = `src/views/${module}`;
    if (!manifest[key]) continue;
    const own = [...graph(key)].filter((k) => !initial.has(k));
    out[route] = {
      js: [...own.map((k) => manifest[k].file), ...(screenTexts ? [screenTexts] : [])],
      css: [...new Set(own.flatMap((k) => manifest[k].css ?? []))].filter((c) => !initialCss.has(c)),
    };
  }
  return out;
}

/** The build step: reads the manifest and App.tsx once the bundle is written, writes route-preloads.json. */
export const routePreloadsPlugin = (): Plugin => {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const routes = routeScreens(fs.readFileSync(path.join(root, 'src/views/App.tsx'), 'utf8'));
      fs.writeFileSync(path.join(outDir, 'route-preloads.json'), JSON.stringify(routePreloads(manifest, routes)));
    },
  };
};
