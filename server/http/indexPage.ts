import fs from 'node:fs';
import path from 'node:path';
import { cachedBody, type CachedBody } from './cachedBody.ts';

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
  };
}
