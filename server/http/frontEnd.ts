import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { Type } from 'typebox';
import { Err } from '../../src/contract/errors.ts';
import { message } from './messages.ts';

/** Paths that belong to the API: an unknown one is a coded 404, never the app's index.html. */
const API_PREFIXES = ['/swx/', '/admin-api/', '/docs', '/ws', '/customer-service/', '/settings/', '/js-api/'];

/**
 * Plugin 'front-end': the health check, the built single-page app (when config.staticDir holds
 * one) and the answer to every unknown path: the app's index.html for a page, a coded 404 for
 * the API.
 */
async function frontEnd(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true, response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({ ok: true }));

  const staticDir = app.config.staticDir;
  const hasApp = Boolean(staticDir && fs.existsSync(path.join(staticDir, 'index.html')));
  if (hasApp) {
    await app.register(fastifyStatic, { root: staticDir!, wildcard: false, maxAge: '1h', index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (!isApi && hasApp && req.method === 'GET') {
      // the single-page app owns every other path (wouter sends unknown ones to /)
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: Err.NOT_FOUND, msg: message(req.lang ?? 'en', Err.NOT_FOUND), result: null });
  });
}

export default fp(frontEnd, { name: 'front-end', dependencies: ['platform', 'errors'] });
