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
import { Err } from '../../src/contract/errors.ts';

const kycAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const op = operatorRoutes(app);
  op.get(
    '/kyc',
    {
      querystring: AdminKycQuery,
      operationId: 'listKyc',
      description: 'Identity verification submissions, paged; `status=pending` is the queue, oldest first.',
      refusals: [],
      summary: 'Verification submissions (status=pending: the queue, oldest first)',
      result: AdminKycPage,
    },
    (r) => app.kyc.queue(r.query),
  );
  op.get(
    '/kyc/:id',
    {
      params: AdminKycParams,
      operationId: 'getKyc',
      description:
        "One submission: the typed data and the links of its images (reading them is recorded in the customer's document access list).",
      refusals: [Err.RECORD_NOT_FOUND],
      summary: 'One submission: the typed data and its image links',
      result: AdminKyc,
    },
    (r) => app.kyc.detail(r.id, r.operator),
  );
  const body = Type.Optional(Type.Object({}, { additionalProperties: false }));
  const approve = {
    params: AdminKycParams,
    body,
    operationId: 'approveKyc',
    description: 'Approves a pending submission: the customer is verified (audited); an operator cannot review their own.',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
    summary: 'Approve: the user is verified (audited)',
    result: AdminKyc,
  };
  op.post('/kyc/:id/approve', approve, (r) => app.kyc.approve(r.by, r.id));
  const reject = {
    params: AdminKycParams,
    body: KycRejectBody,
    operationId: 'rejectKyc',
    description: 'Rejects a pending submission with a reason the customer reads and an optional internal note (audited).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
    summary: 'Reject with a reason the user reads and an optional internal note (audited)',
    result: AdminKyc,
  };
  op.post('/kyc/:id/reject', reject, (r) => app.kyc.reject(r.by, r.id, r.body));
};

export default fp(kycAdminRoutes, { name: 'kyc-admin-routes', dependencies: ['kyc', 'guard', 'errors'], encapsulate: true });
