/**
 * The operators' identity verification queue (`/admin-api/kyc`, operator role only): the queue,
 * one submission with its image links, approve, reject with a reason (and an internal note).
 * Decisions are audited; an operator never decides their own submission (10056).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminKyc, AdminKycPage, AdminKycParams, AdminKycQuery, KycRejectBody } from '../../src/contract/kyc.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';

const kycAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  const summary = 'Verification submissions (status=pending: the queue, oldest first)';
  op.get('/kyc', { querystring: AdminKycQuery, summary, result: AdminKycPage }, (r) => app.kyc.queue(r.query));
  op.get(
    '/kyc/:id',
    { params: AdminKycParams, summary: 'One submission: the typed data and its image links', result: AdminKyc },
    (r) => app.kyc.detail(r.id, r.operator),
  );
  const body = Type.Optional(Type.Object({}, { additionalProperties: false }));
  const approve = { params: AdminKycParams, body, summary: 'Approve: the user is verified (audited)', result: AdminKyc };
  op.post('/kyc/:id/approve', approve, (r) => app.kyc.approve(r.by, r.id));
  const reject = {
    params: AdminKycParams,
    body: KycRejectBody,
    summary: 'Reject with a reason the user reads and an optional internal note (audited)',
    result: AdminKyc,
  };
  op.post('/kyc/:id/reject', reject, (r) => app.kyc.reject(r.by, r.id, r.body));
};

export default fp(kycAdminRoutes, { name: 'kyc-admin-routes', dependencies: ['kyc', 'guard', 'errors'], encapsulate: true });
