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
import { Err } from '../../../src/contract/errors.ts';

const reserveAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.get(
    '/reserves',
    operatorRoute({
      operationId: 'listReserves',
      description: "The platform's wallets and the current holdings per asset, with their attestations.",
      refusals: [],
      summary: "The platform's wallets and current holdings per asset",
      response: { 200: Envelope(AdminReserves) },
    }),
    async (_req, reply) => reply.ok(await adminReserves(app.db)),
  );

  app.post(
    '/reserves/wallets',
    operatorRoute({
      body: ReserveWalletBody,
      operationId: 'createReserveWallet',
      description: 'Records a platform wallet address for an asset and network (audited).',
      refusals: [Err.RESERVE_ADDRESS_INVALID, Err.RESERVE_ADDRESS_EXISTS],
      summary: 'Record a platform wallet address (audited)',
      response: { 200: Envelope(AdminReserves) },
    }),
    async (req, reply) => reply.ok(await recordWallet(app.db, req.user!.id, req.body, app.clock.now())),
  );

  app.post(
    '/reserves/holdings',
    operatorRoute({
      body: ReserveHoldingBody,
      response: { 200: Envelope(AdminReserves) },
      operationId: 'recordReserveHoldings',
      description:
        'Records the holdings of an asset as counted at `asOf` (audited): attested per wallet, shown beside the liabilities in the proof.',
      refusals: [Err.RESERVE_AS_OF_FUTURE, Err.RESERVE_ATTESTATION_INCOMPLETE, Err.AMOUNT_INVALID],
      summary:
        'Record the holdings of an asset as counted at asOf (audited): attested with attestor and reportRef, else declared only',
    }),
    async (req, reply) => reply.ok(await recordHoldings(app.db, req.user!.id, req.body, app.clock.now())),
  );
};

export default fp(reserveAdminRoutes, { name: 'reserve-admin-routes', dependencies: ['guard', 'errors'], encapsulate: true });
