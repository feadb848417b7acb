/**
 * The operators' smart plan console on the wire (`/admin-api/smart`, operator role only): the
 * reserve and its four-eyes movements, products, the per-user flag. Every change is audited.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  AdminReserve,
  AdminSmartProducts,
  FundReserveBody,
  SetSmartEnabledBody,
  SmartIdParams,
  SmartProduct,
  SmartUser,
  SmartUserList,
  SmartUserQuery,
  UpdateSmartProductBody,
} from '../../src/contract/smart.ts';
import { requestId } from '../platform/http/validation.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';

const smartAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const operatorId = (req: FastifyRequest) => req.user!.id;

  app.get(
    '/smart/reserve',
    operatorRoute({
      summary: 'The yield reserve: balance, committed yield, coverage and recent fundings',
      response: { 200: Envelope(AdminReserve) },
    }),
    async (_req, reply) => reply.ok(await app.smart.reserve()),
  );

  app.post(
    '/smart/reserve',
    operatorRoute({
      body: FundReserveBody,
      response: { 200: Envelope(AdminReserve) },
      summary:
        'Propose house capital into (kind fund) or out of (withdraw) the reserve, with where it is held; nothing moves until another operator confirms (audited)',
    }),
    async (req, reply) => reply.ok(await app.smart.proposeReserve(operatorId(req), req.body)),
  );

  app.post(
    '/smart/reserve/:id/confirm',
    operatorRoute({
      params: SmartIdParams,
      summary: "Confirm another operator's proposal: the ledger transfer (audited)",
      response: { 200: Envelope(AdminReserve) },
    }),
    async (req, reply) => reply.ok(await app.smart.confirmReserve(operatorId(req), requestId(req.params.id))),
  );

  app.post(
    '/smart/reserve/:id/reject',
    operatorRoute({
      params: SmartIdParams,
      summary: 'Reject (or, by its proposer, withdraw) a proposal; nothing moves (audited)',
      response: { 200: Envelope(AdminReserve) },
    }),
    async (req, reply) => reply.ok(await app.smart.rejectReserve(operatorId(req), requestId(req.params.id))),
  );

  app.get(
    '/smart/products',
    operatorRoute({ summary: 'Every product, enabled or not', response: { 200: Envelope(AdminSmartProducts) } }),
    async (_req, reply) => reply.ok(await app.smart.allProducts()),
  );

  app.put(
    '/smart/products/:id',
    operatorRoute({
      params: SmartIdParams,
      body: UpdateSmartProductBody,
      summary: 'Edit a product (audited); running plans keep their terms',
      response: { 200: Envelope(SmartProduct) },
    }),
    async (req, reply) => reply.ok(await app.smart.updateProduct(operatorId(req), requestId(req.params.id), req.body)),
  );

  app.get(
    '/smart/users',
    operatorRoute({
      querystring: SmartUserQuery,
      summary: 'Users by id, name or e-mail prefix, with their smart flag',
      response: { 200: Envelope(SmartUserList) },
    }),
    async (req, reply) => reply.ok({ rows: await app.smart.users(req.query.q) }),
  );

  app.put(
    '/smart/users/:id',
    operatorRoute({
      params: SmartIdParams,
      body: SetSmartEnabledBody,
      summary: 'Turn smart trading on or off for a user (audited)',
      response: { 200: Envelope(SmartUser) },
    }),
    async (req, reply) =>
      reply.ok(await app.smart.setSmartEnabled(operatorId(req), requestId(req.params.id), req.body.smartEnabled)),
  );
};

export default fp(smartAdminRoutes, {
  name: 'smart-admin-routes',
  dependencies: ['smart', 'guard', 'errors'],
  encapsulate: true,
});
