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

const P = '/swx/customer/user';
const tags = ['wallet'];
const security = [{ token: [] }];

/** Deposits are the real book's, as the wallet's own lists (10033 under the demo header). */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

const chainRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${P}/chainAddresses`,
    {
      preHandler: [app.requireUser],
      schema: {
        operationId: 'getChainAddresses',
        description:
          "The caller's own deposit address per watched coin and network (made on first reading), with its QR code, the minimum and the confirmations a deposit needs (real book only).",
        'x-refusals': [Err.DEMO_NOT_ALLOWED],
        tags,
        security,
        summary:
          'My own deposit address per watched coin and network, with its QR code, minimum and confirmations (empty when no network is watched)',
        response: { 200: Envelope(ChainAddressList) },
      },
    },
    async (req, reply) => reply.ok(await app.chain.addresses(req.user!.id)),
  );

  app.get(
    `${P}/chainDeposits`,
    {
      preHandler: [app.requireUser, realBookOnly],
      schema: {
        operationId: 'listChainDeposits',
        description:
          'The caller\'s deposits seen on watched chains, newest first, paged, each with its confirmations so far ("confirming k/N") and status (real book only).',
        'x-refusals': [Err.DEMO_NOT_ALLOWED],
        tags,
        security,
        querystring: ChainDepositQuery,
        summary: 'My deposits seen on watched chains, newest first, with "confirming k/N" (real book; 10033 in demo)',
        response: { 200: Envelope(ChainDepositPage) },
      },
    },
    async (req, reply) => reply.ok(await app.chain.deposits(req.user!.id, req.query)),
  );
};

export default fp(chainRoutes, { name: 'chain-routes', dependencies: ['chain', 'guard', 'errors'], encapsulate: true });
