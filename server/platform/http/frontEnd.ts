import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { Type } from 'typebox';
import { Err } from '../../../src/contract/errors.ts';
import { message } from './messages.ts';
import { compressLargeJson } from './compression.ts';
import { cachedBody, sendCached, type CachedBody } from './cachedBody.ts';
import { fillSlots, PAGE_FILES, type IndexPage, type PageFrame, type PathPage } from './indexPage.ts';

/**
 * Paths that belong to the platform's API: an unknown one is a coded 404, never the app's
 * index.html. A domain whose routes answer outside these declares its own prefixes
 * (DomainManifest.apiPrefixes, handed in by server/app.ts).
 */
const PLATFORM_API_PREFIXES = ['/swx/', '/admin-api/', '/docs', '/ws', '/js-api/'];

/** Vite names every file under assets/ by its content hash: a changed file gets a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: revalidated on every visit (ETag/Last-Modified). */
export const REVALIDATE = 'no-cache';

/** Crawlers may read the public pages; the API, the console and the user's own screens are not for indexing. */
export const robotsTxt = (domainPrefixes: readonly string[]): string =>
  [
    'User-agent: *',
    'Disallow: /swx/',
    'Disallow: /admin-api/',
    'Disallow: /admin',
    ...domainPrefixes.map((p) => `Disallow: ${p}`),
    'Disallow: /ws',
    'Disallow: /docs',
    'Allow: /',
    '',
  ].join('\n');

/** Cache-Control of a file of the built app, by its path inside the build directory. */
export function staticCacheControl(relative: string): string {
  const p = relative.split(path.sep).join('/').replace(/^\/+/, '');
  if (p.startsWith('assets/')) return IMMUTABLE;
  if (p === 'index.html') return REVALIDATE;
  // unhashed public files (icons, manifest): a day, then revalidated
  return 'public, max-age=86400';
}

export interface FrontEndOptions {
  /** The built app's page, read once at start (server/platform/http/indexPage.ts); none: API only. */
  indexPage?: IndexPage;
  /** What the domains write into a path's page (DomainManifest.pageFrames), by path. */
  frames?: ReadonlyMap<string, PageFrame>;
  /** The domains' API paths outside the platform's prefixes (DomainManifest.apiPrefixes). */
  apiPrefixes?: readonly string[];
}

/** Filled pages kept per path, for the visitors who ask within the same data (a price changes every second). */
const FILLED_KEPT = 64;

/**
 * Plugin 'front-end': the health check, robots.txt, the built single-page app (when
 * config.staticDir holds one, its page given as indexPage; brotli/gzip files made at build time
 * are sent to clients that accept them), compression of large JSON answers, and the answer to every unknown path: the
 * app's index.html for a page, a coded 404 for the API.
 */
async function frontEnd(app: FastifyInstance, { indexPage, frames, apiPrefixes = [] }: FrontEndOptions) {
  const robots = robotsTxt(apiPrefixes);
  const api = [...PLATFORM_API_PREFIXES, ...apiPrefixes];
  app.get('/healthz', { schema: { hide: true, response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({
    ok: true,
  }));
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots),
  );
  compressLargeJson(app);

  if (indexPage) {
    const staticDir = indexPage.dir;
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // index.html and the per-path pages are the in-memory pages below, whichever path asks for them
      globIgnore: PAGE_FILES,
      preCompressed: true,
      // our own Cache-Control per file (setHeaders): send's would be one max-age for all
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header('cache-control', staticCacheControl(path.relative(staticDir, filePath).replace(/\.(br|gz)$/, '')));
      },
    });
  }
  // asked for on every visit and every page of the app: kept in memory with its build-time
  // brotli and gzip copies, with an ETag, instead of read from disk each time
  const send = (req: FastifyRequest, reply: FastifyReply, body: CachedBody) =>
    sendCached(req, reply, body, { type: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
  const sendPage = (body: CachedBody) => (req: FastifyRequest, reply: FastifyReply) => send(req, reply, body);
  // a template page gets its frame's data written in for each request; the same data, the same page
  // (and ETag: a visitor who has it gets a 304)
  const sendFilled = (page: PathPage & { template: string }, frame: PageFrame | undefined) => {
    const kept = new Map<string, CachedBody>();
    const empty = sendPage(page.body);
    return (req: FastifyRequest, reply: FastifyReply) => {
      const values = frame?.(req);
      if (!values) return empty(req, reply);
      const key = JSON.stringify(values);
      let body = kept.get(key);
      if (!body) {
        if (kept.size >= FILLED_KEPT) kept.clear();
        body = cachedBody(Buffer.from(fillSlots(page.template, values)));
        kept.set(key, body);
      }
      return send(req, reply, body);
    };
  };
  const sendIndex = indexPage && sendPage(indexPage.body);
  if (indexPage && sendIndex) {
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/index.html', { schema: { hide: true } }, sendIndex);
    // a screen with a static first frame of its own gets its own page (scripts/staticPages.ts)
    for (const [p, page] of indexPage.paths) {
      app.get(
        p,
        { schema: { hide: true } },
        page.template !== undefined ? sendFilled({ ...page, template: page.template }, frames?.get(p)) : sendPage(page.body),
      );
    }
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = api.some((p) => req.url.startsWith(p));
    if (!isApi && sendIndex && req.method === 'GET') {
      // the single-page app owns every other path (wouter sends unknown ones to /)
      return sendIndex(req, reply);
    }
    return reply.status(404).send({ code: Err.NOT_FOUND, msg: message(req.lang ?? 'en', Err.NOT_FOUND), result: null });
  });
}

export default fp(frontEnd, { name: 'front-end', dependencies: ['platform', 'errors'] });
