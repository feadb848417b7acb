/**
 * The operators' identity verification queue (`/admin-api/kyc`, operator role only): the queue,
 * one submission with its image links, approve, reject with a reason (and an internal note).
 * Decisions are audited; an operator never decides their own submission (10056).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { AdminKyc, AdminKycPage, AdminKycParams, AdminKycQuery, KycRejectBody } from '../../src/contract/kyc.ts';
import { requestId } from '../platform/http/validation.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';

const kycAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireOperator);
  const operatorId = (req: FastifyRequest) => req.user!.id;

  app.get(
    '/kyc',
    operatorRoute({
      querystring: AdminKycQuery,
      summary: 'Verification submissions (status=pending: the queue, oldest first)',
      response: { 200: Envelope(AdminKycPage) },
    }),
    async (req, reply) => reply.ok(await app.kyc.queue(req.query)),
  );

  app.get(
    '/kyc/:id',
    operatorRoute({
      params: AdminKycParams,
      summary: 'One submission: the typed data and its image links',
      response: { 200: Envelope(AdminKyc) },
    }),
    async (req, reply) => reply.ok(await app.kyc.detail(requestId(req.params.id), req.user!)),
  );

  app.post(
    '/kyc/:id/approve',
    operatorRoute({
      params: AdminKycParams,
      body: Type.Optional(Type.Object({}, { additionalProperties: false })),
      summary: 'Approve: the user is verified (audited)',
      response: { 200: Envelope(AdminKyc) },
    }),
    async (req, reply) => reply.ok(await app.kyc.approve(operatorId(req), requestId(req.params.id))),
  );

  app.post(
    '/kyc/:id/reject',
    operatorRoute({
      params: AdminKycParams,
      body: KycRejectBody,
      summary: 'Reject with a reason the user reads and an optional internal note (audited)',
      response: { 200: Envelope(AdminKyc) },
    }),
    async (req, reply) => reply.ok(await app.kyc.reject(operatorId(req), requestId(req.params.id), req.body)),
  );
};

export default fp(kycAdminRoutes, { name: 'kyc-admin-routes', dependencies: ['kyc', 'guard', 'errors'], encapsulate: true });
