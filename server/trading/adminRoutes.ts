/**
 * The operators' trading console on the wire (`/admin-api/trading`, operator role only): open
 * exposure per instrument, read-only. Nothing here can set a price or an outcome.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { Exposure, ExposureQuery } from '../../src/contract/trading.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';
import { DOCS } from './adminRouteDocs.ts';

const tradingAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/trading/exposure',
    operatorRoute({ ...DOCS.getTradingExposure, querystring: ExposureQuery, response: { 200: Envelope(Exposure) } }),
    async (req, reply) => reply.ok(await app.trading.exposure(req.query.book ?? 'real')),
  );
};

export default fp(tradingAdminRoutes, {
  name: 'trading-admin-routes',
  dependencies: ['trading', 'guard', 'errors'],
  encapsulate: true,
});
