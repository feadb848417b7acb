/**
 * Deposits from the chain on the wire (docs/wallet.md, "Deposits from the chain"): the customer's
 * own addresses (/swx/customer/user/chainAddresses) and their chain deposits with confirmations
 * (/swx/customer/user/chainDeposits). Claims go through the wallet's recharge form, which hands a
 * watched network's to `app.chain`. Handlers parse and call `app.chain`.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChainAddressList, ChainDepositPage, ChainDepositQuery } from '../../src/contract/chain.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { Err } from '../../src/contract/errors.ts';
import { BizError } from '../platform/http/errors.ts';
import { DOCS } from './routeDocs.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';

const P = '/swx/customer/user';
const route = routeSchemas('wallet');

/** Deposits are the real book's, as the wallet's own lists (10033 under the demo header). */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

const chainRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${P}/chainAddresses`,
    {
      preHandler: [app.requireUser],
      ...route.signedIn({ ...DOCS.getChainAddresses, response: { 200: Envelope(ChainAddressList) } }),
    },
    async (req, reply) => reply.ok(await app.chain.addresses(req.user!.id)),
  );

  app.get(
    `${P}/chainDeposits`,
    {
      preHandler: [app.requireUser, realBookOnly],
      ...route.signedIn({
        ...DOCS.listChainDeposits,
        querystring: ChainDepositQuery,
        response: { 200: Envelope(ChainDepositPage) },
      }),
    },
    async (req, reply) => reply.ok(await app.chain.deposits(req.user!.id, req.query)),
  );
};

export default fp(chainRoutes, { name: 'chain-routes', dependencies: ['chain', 'guard', 'errors'], encapsulate: true });
