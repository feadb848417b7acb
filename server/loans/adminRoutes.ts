/**
 * The operators' loans console on the wire (`/admin-api/loans`, operator role only): the queue,
 * a loan with its signature, approve (four eyes) and reject. Every decision is audited.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { AdminLoanDetail, AdminLoanPage, AdminLoanQuery, LoanIdParams, RejectLoanBody } from '../../src/contract/loans.ts';
import { BinaryFile } from '../platform/http/files.ts';
import { requestId } from '../platform/http/validation.ts';
import { attachmentHeaders } from '../platform/uploads/store.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';

const ApproveResult = Type.Object({
  ...AdminLoanDetail.properties,
  step: Type.Union([Type.Literal('first'), Type.Literal('final')]),
});

const loanAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireOperator);
  const operatorId = (req: FastifyRequest) => req.user!.id;

  app.get(
    '/loans',
    operatorRoute({
      querystring: AdminLoanQuery,
      summary: 'Loans (status=pending_review for the queue, oldest first)',
      response: { 200: Envelope(AdminLoanPage) },
    }),
    async (req, reply) => reply.ok(await app.loans.adminList(req.query)),
  );

  app.get(
    '/loans/:id',
    operatorRoute({
      params: LoanIdParams,
      summary: 'A loan with its accruals, repayments and liquidations',
      response: { 200: Envelope(AdminLoanDetail) },
    }),
    async (req, reply) => reply.ok(await app.loans.adminDetail(requestId(req.params.id))),
  );

  app.get(
    '/loans/:id/signature',
    operatorRoute({
      params: LoanIdParams,
      summary: 'The signature drawn when signing',
      response: { 200: BinaryFile('The signature as re-encoded on upload', ['image/jpeg', 'image/png']) },
    }),
    async (req, reply) => {
      const sig = await app.loans.signature(requestId(req.params.id), req.user!);
      return reply
        .type(sig.mime)
        .headers(attachmentHeaders(`loan-${req.params.id}-signature.${sig.mime === 'image/png' ? 'png' : 'jpg'}`))
        .send(sig.bytes);
    },
  );

  app.post(
    '/loans/:id/approve',
    operatorRoute({
      params: LoanIdParams,
      summary:
        'Approve (audited). Four eyes: the first approval is recorded (step "first"); a second, different operator pays the principal out (step "final").',
      response: { 200: Envelope(ApproveResult) },
    }),
    async (req, reply) => reply.ok(await app.loans.approve(operatorId(req), requestId(req.params.id))),
  );

  app.post(
    '/loans/:id/reject',
    operatorRoute({
      params: LoanIdParams,
      body: RejectLoanBody,
      summary: 'Reject with a reason the user sees; the collateral goes back (audited)',
      response: { 200: Envelope(AdminLoanDetail) },
    }),
    async (req, reply) => reply.ok(await app.loans.reject(operatorId(req), requestId(req.params.id), req.body.reason)),
  );
};

export default fp(loanAdminRoutes, { name: 'loan-admin-routes', dependencies: ['loans', 'guard', 'errors'], encapsulate: true });
