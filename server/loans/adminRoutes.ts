/**
 * The operators' loans console on the wire (`/admin-api/loans`, operator role only): the queue,
 * a loan with its signature, approve (four eyes) and reject. Every decision is audited.
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
import { Err } from '../../src/contract/errors.ts';

const ApproveResult = Type.Object({
  ...AdminLoanDetail.properties,
  step: Type.Union([Type.Literal('first'), Type.Literal('final')]),
});

const loanAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireOperator);

  const op = operatorRoutes(app);
  op.get(
    '/loans',
    {
      querystring: AdminLoanQuery,
      operationId: 'listLoans',
      description: 'Loans of every customer, paged; `status=pending_review` is the queue, oldest first.',
      refusals: [],
      summary: 'Loans (status=pending_review for the queue, oldest first)',
      result: AdminLoanPage,
    },
    (r) => app.loans.adminList(r.query),
  );
  op.get(
    '/loans/:id',
    {
      params: LoanIdParams,
      operationId: 'getLoan',
      description: 'A loan with its accruals, repayments and liquidations.',
      refusals: [Err.RECORD_NOT_FOUND],
      summary: 'A loan with its accruals, repayments and liquidations',
      result: AdminLoanDetail,
    },
    (r) => app.loans.adminDetail(r.id),
  );

  app.get(
    '/loans/:id/signature',
    operatorRoute({
      params: LoanIdParams,
      operationId: 'getLoanSignature',
      description:
        'The signature drawn when the customer signed the agreement, as a download (the reading is recorded in their document access list).',
      refusals: [Err.RECORD_NOT_FOUND],
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

  const approve = {
    params: LoanIdParams,
    operationId: 'approveLoan',
    description:
      "Approves a loan under review (audited; with two-factor on, a fresh code). Four eyes: the first approval is recorded and a second operator's pays the principal; an operator cannot review their own.",
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.STATUS_TRANSITION_DENIED,
      Err.OWN_RECORD_REVIEW,
      Err.SECOND_OPERATOR_REQUIRED,
      Err.USER_NOT_AUTHENTICATED,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
    moves: "at the final approval the principal is credited to the customer's real book from the house's loan account.",
    summary:
      'Approve (audited). Four eyes: the first approval is recorded (step "first"); a second, different operator pays the principal out (step "final").',
    result: ApproveResult,
  };
  op.post('/loans/:id/approve', approve, (r) => app.loans.approve(r.by, r.id));
  const reject = {
    params: LoanIdParams,
    body: RejectLoanBody,
    operationId: 'rejectLoan',
    description: 'Rejects a loan under review with a reason the customer reads (audited; with two-factor on, a fresh code).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
    moves: "the locked collateral returns to the customer's available balance.",
    summary: 'Reject with a reason the user sees; the collateral goes back (audited)',
    result: AdminLoanDetail,
  };
  op.post('/loans/:id/reject', reject, (r) => app.loans.reject(r.by, r.id, r.body.reason));
};

export default fp(loanAdminRoutes, { name: 'loan-admin-routes', dependencies: ['loans', 'guard', 'errors'], encapsulate: true });
