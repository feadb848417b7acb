/**
 * The operators' trading console on the wire (`/admin-api/trading`, operator role only): open
 * exposure per instrument, read-only. Nothing here can set a price or an outcome.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { Exposure, ExposureQuery } from '../../src/contract/trading.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';
import { Err } from '../../src/contract/errors.ts';

const tradingAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/trading/exposure',
    operatorRoute({
      querystring: ExposureQuery,
      response: { 200: Envelope(Exposure) },
      operationId: 'getTradingExposure',
      description:
        "The house's open exposure per instrument: long and short notionals, margin held and the unrealised profit of the customers' positions at the last price (read-only).",
      refusals: [],
      summary:
        'Open exposure per instrument: long and short notionals, margin held, unrealised result of the trading-results account (read-only)',
    }),
    async (req, reply) => reply.ok(await app.trading.exposure(req.query.book ?? 'real')),
  );
};

export default fp(tradingAdminRoutes, {
  name: 'trading-admin-routes',
  dependencies: ['trading', 'guard', 'errors'],
  encapsulate: true,
});
