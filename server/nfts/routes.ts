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
import { DOCS } from './routeDocs.ts';

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
    route.open({ ...DOCS.listNft, querystring: ListNftQuery, response: { 200: Envelope(NftPage) } }),
    async (req, reply) => reply.ok(await app.nfts.list(req.query)),
  );

  app.get(
    `${PUB}/getNft/:id`,
    {
      preHandler: app.optionalUser,
      ...route.open({ ...DOCS.getNft, params: NftIdParams, response: { 200: Envelope(NftDetail) } }),
    },
    async (req, reply) => reply.ok(await app.nfts.detail(requestId(req.params.id), req.user?.id)),
  );

  app.get(
    `${PUB}/nftImage/:file`,
    route.open({ ...DOCS.getNftImage, params: Type.Object({ file: Type.String({ pattern: '^[0-9]{1,19}\\.svg$' }) }) }),
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
    route.open({ ...DOCS.listDonations, response: { 200: Envelope(Donations) } }),
    async (_req, reply) => reply.ok(await app.nfts.donations()),
  );

  app.post(
    `${USER}/buyNft`,
    {
      preHandler: [app.requireUser, realBookOnly],
      ...route.signedIn({ ...DOCS.buyNft, body: BuyNftBody, response: { 200: Envelope(Nft) } }),
    },
    async (req, reply) => reply.ok(await app.nfts.buy(req.user!.id, req.body), Ok.PURCHASE_SUCCESSFUL),
  );

  app.get(
    `${USER}/listNft`,
    {
      preHandler: [app.requireUser, realBookOnly],
      ...route.signedIn({ ...DOCS.listMyNft, querystring: MyNftQuery, response: { 200: Envelope(MyNftPage) } }),
    },
    async (req, reply) => reply.ok(await app.nfts.mine(req.user!.id, req.query)),
  );
};

export default fp(nftRoutes, { name: 'nft-routes', dependencies: ['nfts', 'guard', 'errors'], encapsulate: true });
