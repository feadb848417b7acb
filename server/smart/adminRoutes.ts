/**
 * The operators' smart plan console on the wire (`/admin-api/smart`, operator role only): the
 * reserve and its four-eyes movements, products, the per-user flag. Every change is audited.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';

const smartAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get(
    '/smart/reserve',
    { summary: 'The yield reserve: balance, committed yield, coverage and recent fundings', result: AdminReserve },
    () => app.smart.reserve(),
  );
  op.post(
    '/smart/reserve',
    {
      body: FundReserveBody,
      result: AdminReserve,
      summary:
        'Propose house capital into (kind fund) or out of (withdraw) the reserve, with where it is held; nothing moves until another operator confirms (audited)',
    },
    (r) => app.smart.proposeReserve(r.by, r.body),
  );
  op.post(
    '/smart/reserve/:id/confirm',
    {
      params: SmartIdParams,
      summary: "Confirm another operator's proposal: the ledger transfer (audited)",
      result: AdminReserve,
    },
    (r) => app.smart.confirmReserve(r.by, r.id),
  );
  op.post(
    '/smart/reserve/:id/reject',
    {
      params: SmartIdParams,
      summary: 'Reject (or, by its proposer, withdraw) a proposal; nothing moves (audited)',
      result: AdminReserve,
    },
    (r) => app.smart.rejectReserve(r.by, r.id),
  );
  op.get('/smart/products', { summary: 'Every product, enabled or not', result: AdminSmartProducts }, () =>
    app.smart.allProducts(),
  );
  op.put(
    '/smart/products/:id',
    {
      params: SmartIdParams,
      body: UpdateSmartProductBody,
      summary: 'Edit a product (audited); running plans keep their terms',
      result: SmartProduct,
    },
    (r) => app.smart.updateProduct(r.by, r.id, r.body),
  );
  op.get(
    '/smart/users',
    { querystring: SmartUserQuery, summary: 'Users by id, name or e-mail prefix, with their smart flag', result: SmartUserList },
    async (r) => ({ rows: await app.smart.users(r.query.q) }),
  );
  op.put(
    '/smart/users/:id',
    {
      params: SmartIdParams,
      body: SetSmartEnabledBody,
      summary: 'Turn smart trading on or off for a user (audited)',
      result: SmartUser,
    },
    (r) => app.smart.setSmartEnabled(r.by, r.id, r.body.smartEnabled),
  );
};

export default fp(smartAdminRoutes, {
  name: 'smart-admin-routes',
  dependencies: ['smart', 'guard', 'errors'],
  encapsulate: true,
});
