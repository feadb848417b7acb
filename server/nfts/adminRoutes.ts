/**
 * The operators' NFT console on the wire (`/admin-api`, operator role only): list a new NFT and
 * record payouts to the charity. Both are audited; neither sets a price paid, an owner or a balance.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { CharityPayoutBody, Donations, ListNewNftBody, Nft } from '../../src/contract/nfts.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';

const nftAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);

  app.post(
    '/nfts',
    operatorRoute({
      body: ListNewNftBody,
      summary: 'List a new charity NFT (audited); the donation share and charity are fixed now',
      response: { 200: Envelope(Nft) },
    }),
    async (req, reply) => reply.ok(await app.nfts.listNew(req.user!.id, req.body)),
  );

  app.post(
    '/charity/payouts',
    operatorRoute({
      body: CharityPayoutBody,
      summary: 'Record a payout to the charity: a ledger transfer out of the charity account (audited)',
      response: { 200: Envelope(Donations) },
    }),
    async (req, reply) => reply.ok(await app.nfts.recordPayout(req.user!.id, req.body)),
  );
};

export default fp(nftAdminRoutes, { name: 'nft-admin-routes', dependencies: ['nfts', 'guard', 'errors'], encapsulate: true });
