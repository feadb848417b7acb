/**
 * The operators' NFT console on the wire (`/admin-api`, operator role only): list a new NFT and
 * record payouts to the charity. Both are audited; neither sets a price paid, an owner or a balance.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CharityPayoutBody, Donations, ListNewNftBody, Nft } from '../../src/contract/nfts.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { Err } from '../../src/contract/errors.ts';

const nftAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.post(
    '/nfts',
    {
      body: ListNewNftBody,
      operationId: 'createNft',
      description: 'Lists a new charity NFT for sale or auction (audited); its donation share and charity are fixed from now on.',
      refusals: [Err.NFT_LISTING_INVALID],
      summary: 'List a new charity NFT (audited); the donation share and charity are fixed now',
      result: Nft,
    },
    (r) => app.nfts.listNew(r.by, r.body),
  );
  op.post(
    '/charity/payouts',
    {
      body: CharityPayoutBody,
      operationId: 'createCharityPayout',
      description: 'Records a payout made to the charity, with its transaction hash (audited).',
      refusals: [
        Err.AMOUNT_INVALID,
        Err.CHARITY_PAYOUT_TOO_LARGE,
        Err.TX_HASH_USED,
        Err.OPERATOR_AMOUNT_ABOVE_MAX,
        Err.OPERATOR_AMOUNT_PRECISION,
      ],
      moves: 'one ledger transfer out of the charity account to the payout account, with the audit record.',
      summary: 'Record a payout to the charity: a ledger transfer out of the charity account (audited)',
      result: Donations,
    },
    (r) => app.nfts.recordPayout(r.by, r.body),
  );
};

export default fp(nftAdminRoutes, { name: 'nft-admin-routes', dependencies: ['nfts', 'guard', 'errors'], encapsulate: true });
