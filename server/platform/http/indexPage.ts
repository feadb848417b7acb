import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { cachedBody, type CachedBody } from './cachedBody.ts';

/**
 * The built app's index.html, read once at start (server/app.ts) for the two uses it has: the
 * front end serves it from memory on every visit, and the Content-Security-Policy allows its
 * inline scripts by their hashes. One read, so both see the same page. Beside it, the pages the
 * build wrote for a few app paths (`paths/<path>.html`, scripts/staticPages.ts: index.html with a
 * static first frame of that screen), served for their path instead of index.html.
 */
export interface IndexPage {
  /** The build directory it was read from. */
  readonly dir: string;
  /** The page with its build-time brotli and gzip copies (scripts/precompress.ts) and an ETag. */
  readonly body: CachedBody;
  /** The page of each app path that has its own (`/market`, …), kept the same way. */
  readonly paths: ReadonlyMap<string, PathPage>;
  /** The text of each inline script of every page (the static hero's and the static frames'). */
  readonly inlineScripts: readonly string[];
}

/** A per-path page; a template when the build left slots in it for the server to fill. */
export interface PathPage {
  /** The page as built (its slots, if any, empty), with its compressed copies. */
  readonly body: CachedBody;
  /** The page's text with its slots (`\uE001name\uE001`, scripts/staticPages.ts `slot`), when it has any. */
  readonly template?: string;
}

/**
 * What a domain writes into the slots of a path's page for one request (DomainManifest.pageFrames):
 * each slot's value, unescaped, or undefined to leave them all empty. Data the feed or the database
 * holds, never made up: the page's own script draws it, with its time and source.
 */
export type PageFrame = (req: FastifyRequest) => Readonly<Record<string, string>> | undefined;

const SLOT = /\uE001(\w+)\uE001/g;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The template with each slot replaced by its value, escaped for an attribute or text (an absent value: nothing). */
export const fillSlots = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(SLOT, (_m, name: string) => (values[name] ?? '').replace(/[&<>"']/g, (c) => ENTITY[c]));

/** The folder of the per-path pages inside the build directory. */
const PATHS_DIR = 'paths';

const inlineScriptsOf = (html: Buffer) => [...html.toString('utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

/** A page and its build-time compressed copies. */
function readPage(file: string): { page: CachedBody; html: Buffer } {
  const html = fs.readFileSync(file);
  const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
  return { page: { ...cachedBody(html), br: copy('.br'), gzip: copy('.gz') }, html };
}

/** `/market` for `<dir>/paths/market.html`, `/profile/balance` for `<dir>/paths/profile/balance.html`. */
function* pathPages(dir: string, under = ''): Generator<[string, string]> {
  const at = path.join(dir, PATHS_DIR, under);
  if (!fs.existsSync(at)) return;
  for (const e of fs.readdirSync(at, { withFileTypes: true })) {
    if (e.isDirectory()) yield* pathPages(dir, `${under}/${e.name}`);
    else if (e.isFile() && e.name.endsWith('.html'))
      yield [`${under}/${e.name.slice(0, -'.html'.length)}`, path.join(at, e.name)];
  }
}

/** The page of the app built into staticDir, or undefined when there is none (tests, API only). */
export function loadIndexPage(staticDir: string | undefined): IndexPage | undefined {
  if (!staticDir) return undefined;
  const file = path.join(staticDir, 'index.html');
  if (!fs.existsSync(file)) return undefined;
  const index = readPage(file);
  const scripts = inlineScriptsOf(index.html);
  const paths = new Map<string, PathPage>();
  for (const [p, f] of pathPages(staticDir)) {
    const { page, html } = readPage(f);
    const text = html.toString('utf8');
    // a template's build-time compressed copies still hold the slots: its empty form is compressed on demand
    paths.set(
      p,
      text.includes('\uE001') ? { body: cachedBody(Buffer.from(fillSlots(text, {}))), template: text } : { body: page },
    );
    scripts.push(...inlineScriptsOf(html));
  }
  return { dir: staticDir, body: index.page, paths, inlineScripts: scripts };
}

/** Files of the build that are pages served by path, never as files of their own. */
export const PAGE_FILES = ['index.html', `${PATHS_DIR}/**`];
