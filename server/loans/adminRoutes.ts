/**
 * The operators' loans console on the wire (`/admin-api/loans`, operator role only): the queue,
 * a loan with its signature, approve (four eyes), reject, several rejected with one reason. Every
 * decision is audited.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminLoanDetail, AdminLoanPage, AdminLoanQuery, LoanIdParams, RejectLoanBody } from '../../src/contract/loans.ts';
import { BinaryFile } from '../platform/http/files.ts';
import { requestId } from '../platform/http/validation.ts';
import { attachmentHeaders } from '../platform/uploads/store.ts';
import { operatorRoute } from '../platform/http/routeSchema.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { bulkRejectRoute } from '../platform/operators/rejectEach.ts';
import { DOCS } from './adminRouteDocs.ts';

const ApproveResult = Type.Object({
  ...AdminLoanDetail.properties,
  step: Type.Union([Type.Literal('first'), Type.Literal('final')]),
});

const loanAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireOperator);

  const op = operatorRoutes(app);
  op.get('/loans', { ...DOCS.listLoans, querystring: AdminLoanQuery, result: AdminLoanPage }, (r) =>
    app.loans.adminList(r.query),
  );
  op.get('/loans/:id', { ...DOCS.getLoan, params: LoanIdParams, result: AdminLoanDetail }, (r) => app.loans.adminDetail(r.id));

  app.get(
    '/loans/:id/signature',
    operatorRoute({
      ...DOCS.getLoanSignature,
      params: LoanIdParams,
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

  const approve = { ...DOCS.approveLoan, params: LoanIdParams, result: ApproveResult };
  op.post('/loans/:id/approve', approve, (r) => app.loans.approve(r.by, r.id));
  const reject = { ...DOCS.rejectLoan, params: LoanIdParams, body: RejectLoanBody, result: AdminLoanDetail };
  op.post('/loans/:id/reject', reject, (r) => app.loans.reject(r.by, r.id, r.body.reason));
  bulkRejectRoute(app, '/loans/reject', DOCS.rejectLoans, (by, id, reason) => app.loans.reject(by, id, reason));
};

export default fp(loanAdminRoutes, { name: 'loan-admin-routes', dependencies: ['loans', 'guard', 'errors'], encapsulate: true });
