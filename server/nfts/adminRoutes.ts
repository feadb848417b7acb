/**
 * The operators' NFT console on the wire (`/admin-api`, operator role only): list a new NFT and
 * record payouts to the charity. Both are audited; neither sets a price paid, an owner or a balance.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CharityPayoutBody, Donations, ListNewNftBody, Nft } from '../../src/contract/nfts.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { DOCS } from './adminRouteDocs.ts';

const nftAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.post('/nfts', { ...DOCS.createNft, body: ListNewNftBody, result: Nft }, (r) => app.nfts.listNew(r.by, r.body));
  op.post('/charity/payouts', { ...DOCS.createCharityPayout, body: CharityPayoutBody, result: Donations }, (r) =>
    app.nfts.recordPayout(r.by, r.body),
  );
};

export default fp(nftAdminRoutes, { name: 'nft-admin-routes', dependencies: ['nfts', 'guard', 'errors'], encapsulate: true });
