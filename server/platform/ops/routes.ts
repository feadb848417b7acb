/**
 * The operator's probes and metrics (docs/deployment.md): /readyz (can this instance serve? 503
 * when not, with the jobs table) and /metrics (Prometheus, behind METRICS_TOKEN). /healthz, the
 * liveness probe, is the front end's (server/platform/http/frontEnd.ts). None of them is public API.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Err } from '../../../src/contract/errors.ts';
import { Readiness } from '../../../src/contract/ops.ts';
import { BizError } from '../http/errors.ts';

/** Whether `header` is `Bearer <token>`: compared in constant time, so the token cannot be guessed a character at a time. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = crypto.createHash('sha256').update(header.slice(7)).digest();
  const want = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, want);
}

const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/readyz', { schema: { hide: true, response: { 200: Readiness, 503: Readiness } } }, async (_req, reply) => {
    const answer = await app.readiness.answer();
    return reply.code(answer.ready ? 200 : 503).send(answer);
  });

  // not open to the public: without METRICS_TOKEN nobody gets them
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, app.config.metricsToken)) throw new BizError(Err.METRICS_TOKEN_REQUIRED);
    const text = await app.metrics.text();
    return reply.header('cache-control', 'no-store').type(app.metrics.contentType).send(text);
  });
};

export default fp(opsRoutes, { name: 'ops-routes', dependencies: ['ops', 'errors'], encapsulate: true });
