import fs from 'node:fs';
import path from 'node:path';
import { cachedBody, type CachedBody } from './cachedBody.ts';
import type { RoutePreload, RoutePreloads } from '../../scripts/routePreloads.ts';

/**
 * The built app's index.html, read once at start (server/app.ts) for the two uses it has: the
 * front end serves it from memory on every visit, and the Content-Security-Policy allows its
 * inline scripts by their hashes. One read, so both see the same page.
 */
export interface IndexPage {
  /** The build directory it was read from. */
  readonly dir: string;
  /** The page with its build-time brotli and gzip copies (scripts/precompress.ts) and an ETag. */
  readonly body: CachedBody;
  /** The text of each inline script (the static hero's, scripts/staticHero.ts). */
  readonly inlineScripts: readonly string[];
  /**
   * The page for a route path other than `/` whose screen is a lazy chunk: the same page with
   * low-priority preload links for that chunk, its shared chunks and CSS and the other screens'
   * English texts (dist/route-preloads.json, scripts/routePreloads.ts), so a first visit fetches
   * them alongside the entry instead of after it has run. Its compressed forms are made on first
   * demand.
   */
  readonly routes: ReadonlyMap<string, CachedBody>;
}

/** index.html with preload links for one route's files before </head>. */
export function withPreloads(html: string, preload: RoutePreload): string {
  const links = [
    ...preload.css.map((f) => `<link rel="preload" as="style" fetchpriority="low" href="/${f}">`),
    ...preload.js.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
}

function routePages(staticDir: string, html: string): Map<string, CachedBody> {
  const file = path.join(staticDir, 'route-preloads.json');
  const routes = new Map<string, CachedBody>();
  if (!fs.existsSync(file)) return routes;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  for (const [route, preload] of Object.entries(preloads)) {
    if (route !== '/') routes.set(route, cachedBody(Buffer.from(withPreloads(html, preload))));
  }
  return routes;
}

/** The page of the app built into staticDir, or undefined when there is none (tests, API only). */
export function loadIndexPage(staticDir: string | undefined): IndexPage | undefined {
  if (!staticDir) return undefined;
  const file = path.join(staticDir, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  const html = fs.readFileSync(file);
  const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return {
    dir: staticDir,
    body: { ...cachedBody(html), br: copy('.br'), gzip: copy('.gz') },
    inlineScripts: [...html.toString('utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]),
    routes: routePages(staticDir, html.toString('utf8')),
  };
}
