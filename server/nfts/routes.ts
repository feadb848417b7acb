/**
 * Charity NFTs on the wire (docs/nfts.md): /swx/customer/index/{listNft, getNft/:id,
 * nftImage/:file, donations} for everyone, /swx/customer/user/{buyNft, listNft} for customers.
 * Handlers parse and call `app.nfts`.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  BuyNftBody,
  Donations,
  ListNftQuery,
  MyNftPage,
  MyNftQuery,
  Nft,
  NftDetail,
  NftIdParams,
  NftPage,
} from '../../src/contract/nfts.ts';
import { BizError } from '../platform/http/errors.ts';
import { requestId } from '../platform/http/validation.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';

const PUB = '/swx/customer/index';
const USER = '/swx/customer/user';
const route = routeSchemas('nfts');

/**
 * Bids and purchases move real money only: the demo book is refused (10033) before anything is
 * read; so is "my NFTs", the real book's holdings (never shown under the demo header).
 */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

const nftRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${PUB}/listNft`,
    route.open({
      querystring: ListNftQuery,
      operationId: 'listNft',
      description: 'Charity NFTs, live auctions ending first, paged; filtered by status and sale type.',
      refusals: [],
      summary: 'NFTs, live auctions ending first (public); filter by status and sale type',
      response: { 200: Envelope(NftPage) },
    }),
    async (req, reply) => reply.ok(await app.nfts.list(req.query)),
  );

  app.get(
    `${PUB}/getNft/:id`,
    {
      preHandler: app.optionalUser,
      ...route.open({
        params: NftIdParams,
        operationId: 'getNft',
        description: "One NFT with its bid history (the caller's own bids flagged when a token is sent).",
        refusals: [Err.RECORD_NOT_FOUND],
        summary: "One NFT with its bid history (public; the caller's bids flagged)",
        response: { 200: Envelope(NftDetail) },
      }),
    },
    async (req, reply) => reply.ok(await app.nfts.detail(requestId(req.params.id), req.user?.id)),
  );

  app.get(
    `${PUB}/nftImage/:file`,
    route.open({
      params: Type.Object({ file: Type.String({ pattern: '^[0-9]{1,19}\\.svg$' }) }),
      operationId: 'getNftImage',
      description: 'The artwork of an NFT: an SVG drawn from its seed (the same seed always gives the same picture).',
      refusals: [Err.NOT_FOUND],
      summary: 'The artwork of an NFT: an SVG drawn from its seed (the same seed always gives the same picture)',
    }),
    async (req, reply) => {
      const svg = await app.nfts.image(requestId(req.params.file.slice(0, -4)));
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );

  app.get(
    `${PUB}/donations`,
    route.open({
      operationId: 'listDonations',
      description: "Every sale's donation and every payout to the charity, with the totals from the ledger.",
      refusals: [],
      summary: "Every sale's donation and every payout to the charity, with the totals from the ledger (public)",
      response: { 200: Envelope(Donations) },
    }),
    async (_req, reply) => reply.ok(await app.nfts.donations()),
  );

  app.post(
    `${USER}/buyNft`,
    {
      preHandler: [app.requireUser, realBookOnly],
      ...route.signedIn({
        body: BuyNftBody,
        operationId: 'buyNft',
        examples: { body: { id: '1', kind: 'bid', amount: '150', clientKey: 'e1d2c3b4-a5f6-4e7d-8c9b-0a1f2e3d4c5b' } },
        description:
          'Buys an NFT at its buy-now price, or bids on a live auction, in the real book. Success answers 20004; a retry with the same clientKey answers the first.',
        refusals: [
          Err.DEMO_NOT_ALLOWED,
          Err.RECORD_NOT_FOUND,
          Err.NFT_STATUS_WRONG,
          Err.NFT_PRICE_MISMATCH,
          Err.NFT_BID_TOO_LOW,
          Err.NFT_ALREADY_LEADING,
          Err.INSUFFICIENT_BALANCE,
        ],
        moves:
          'a purchase pays the price (the donation share to the charity account, the rest to the house); a bid is held from available, and an outbid bid is released at once.',
        summary:
          'Buy at the buy-now price, or bid on a live auction (the bid is held; outbid bids are released at once). Success 20004; a retry with the same clientKey answers the first.',
        response: { 200: Envelope(Nft) },
      }),
    },
    async (req, reply) => reply.ok(await app.nfts.buy(req.user!.id, req.body), Ok.PURCHASE_SUCCESSFUL),
  );

  app.get(
    `${USER}/listNft`,
    {
      preHandler: [app.requireUser, realBookOnly],
      ...route.signedIn({
        querystring: MyNftQuery,
        operationId: 'listMyNft',
        description: "The caller's NFTs: owned ones, and live auctions they bid on (real book only).",
        refusals: [Err.DEMO_NOT_ALLOWED],
        summary: 'My NFTs: owned, and live auctions I bid on (real book; the demo book is refused with 10033)',
        response: { 200: Envelope(MyNftPage) },
      }),
    },
    async (req, reply) => reply.ok(await app.nfts.mine(req.user!.id, req.query)),
  );
};

export default fp(nftRoutes, { name: 'nft-routes', dependencies: ['nfts', 'guard', 'errors'], encapsulate: true });
