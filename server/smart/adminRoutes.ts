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
import { DOCS } from './adminRouteDocs.ts';

const smartAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get('/smart/reserve', { ...DOCS.getSmartReserve, result: AdminReserve }, () => app.smart.reserve());
  op.post('/smart/reserve', { ...DOCS.proposeSmartReserve, body: FundReserveBody, result: AdminReserve }, (r) =>
    app.smart.proposeReserve(r.by, r.body),
  );
  op.post('/smart/reserve/:id/confirm', { ...DOCS.confirmSmartReserve, params: SmartIdParams, result: AdminReserve }, (r) =>
    app.smart.confirmReserve(r.by, r.id),
  );
  op.post('/smart/reserve/:id/reject', { ...DOCS.rejectSmartReserve, params: SmartIdParams, result: AdminReserve }, (r) =>
    app.smart.rejectReserve(r.by, r.id),
  );
  op.get('/smart/products', { ...DOCS.listSmartProducts, result: AdminSmartProducts }, () => app.smart.allProducts());
  op.put(
    '/smart/products/:id',
    { ...DOCS.updateSmartProduct, params: SmartIdParams, body: UpdateSmartProductBody, result: SmartProduct },
    (r) => app.smart.updateProduct(r.by, r.id, r.body),
  );
  op.get('/smart/users', { ...DOCS.listSmartUsers, querystring: SmartUserQuery, result: SmartUserList }, async (r) => ({
    rows: await app.smart.users(r.query.q),
  }));
  op.put('/smart/users/:id', { ...DOCS.setSmartUser, params: SmartIdParams, body: SetSmartEnabledBody, result: SmartUser }, (r) =>
    app.smart.setSmartEnabled(r.by, r.id, r.body.smartEnabled),
  );
};

export default fp(smartAdminRoutes, {
  name: 'smart-admin-routes',
  dependencies: ['smart', 'guard', 'errors'],
  encapsulate: true,
});
