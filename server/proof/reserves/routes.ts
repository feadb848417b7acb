/**
 * The operators' reserve records on the wire (`/admin-api/reserves`, operator role only): the
 * platform's wallets and its holdings per asset, each audited (server/proof/reserves/holdings.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../src/contract/envelope.ts';
import { AdminReserves, ReserveHoldingBody, ReserveWalletBody } from '../../../src/contract/proof.ts';
import { adminReserves, recordHoldings, recordWallet } from './holdings.ts';
import { operatorRoute } from '../../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const reserveAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get('/reserves', operatorRoute({ ...DOCS.listReserves, response: { 200: Envelope(AdminReserves) } }), async (_req, reply) =>
    reply.ok(await adminReserves(app.db)),
  );

  app.post(
    '/reserves/wallets',
    operatorRoute({ ...DOCS.createReserveWallet, body: ReserveWalletBody, response: { 200: Envelope(AdminReserves) } }),
    async (req, reply) => reply.ok(await recordWallet(app.db, req.user!.id, req.body, app.clock.now())),
  );

  app.post(
    '/reserves/holdings',
    operatorRoute({ ...DOCS.recordReserveHoldings, body: ReserveHoldingBody, response: { 200: Envelope(AdminReserves) } }),
    async (req, reply) => reply.ok(await recordHoldings(app.db, req.user!.id, req.body, app.clock.now())),
  );
};

export default fp(reserveAdminRoutes, { name: 'reserve-admin-routes', dependencies: ['guard', 'errors'], encapsulate: true });
