/**
 * The operators' identity verification queue (`/admin-api/kyc`, operator role only): the queue,
 * one submission with its image links, approve, reject with a reason (and an internal note), several
 * rejected with one reason.
 * Decisions are audited; an operator never decides their own submission (10056).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminKyc, AdminKycPage, AdminKycParams, AdminKycQuery, KycRejectBody } from '../../src/contract/kyc.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { bulkRejectRoute } from '../platform/operators/rejectEach.ts';
import { DOCS } from './adminRouteDocs.ts';

const kycAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get('/kyc', { ...DOCS.listKyc, querystring: AdminKycQuery, result: AdminKycPage }, (r) => app.kyc.queue(r.query));
  op.get('/kyc/:id', { ...DOCS.getKyc, params: AdminKycParams, result: AdminKyc }, (r) => app.kyc.detail(r.id, r.operator));
  const body = Type.Optional(Type.Object({}, { additionalProperties: false }));
  const approve = { ...DOCS.approveKyc, params: AdminKycParams, body, result: AdminKyc };
  op.post('/kyc/:id/approve', approve, (r) => app.kyc.approve(r.by, r.id));
  const reject = { ...DOCS.rejectKyc, params: AdminKycParams, body: KycRejectBody, result: AdminKyc };
  op.post('/kyc/:id/reject', reject, (r) => app.kyc.reject(r.by, r.id, r.body));
  bulkRejectRoute(app, '/kyc/reject', DOCS.rejectKycMany, (by, id, reason) => app.kyc.reject(by, id, { reason }));
};

export default fp(kycAdminRoutes, { name: 'kyc-admin-routes', dependencies: ['kyc', 'guard', 'errors'], encapsulate: true });
