/**
 * Loans on the wire: /swx/customer/index/loanTerms (public) and /swx/customer/user/{loan,
 * listLoanRecord, loanDetail/:id, repayLoan}. Handlers parse and call `app.loans`; docs/loans.md.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  ListLoanQuery,
  Loan,
  LoanDetail,
  LoanIdParams,
  LoanPage,
  LOAN_PATHS,
  LoanTerms,
  RepayLoanBody,
} from '../../src/contract/loans.ts';
import { BizError } from '../platform/http/errors.ts';
import { requestId } from '../platform/http/validation.ts';
import { readLoanForm } from './form.ts';
import { acceptMultipart } from '../platform/http/external.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';

const route = routeSchemas('loans');

/** Loans are real money only: the demo book is refused (10033) before anything is read. */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

const loanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptMultipart(app); // this plugin's upload route(s)
  const userId = (req: FastifyRequest) => req.user!.id;
  const authReal = { preHandler: [app.requireUser, realBookOnly] };

  app.get(
    LOAN_PATHS.terms,
    route.open({
      operationId: 'getLoanTerms',
      description:
        "The loan terms (collateral assets, LTV, rates, periods, the interest-free days) and the current agreement text in the request's language.",
      refusals: [],
      summary: 'Loan terms and the current agreement in the request’s language (public)',
      response: { 200: Envelope(LoanTerms) },
    }),
    async (req, reply) => reply.ok(app.loans.terms(req.lang)),
  );

  app.post(
    LOAN_PATHS.submit,
    {
      ...authReal,
      ...route.signedIn({
        consumes: ['multipart/form-data'],
        operationId: 'loan',
        description:
          "Applies for a loan in the real book (multipart: collateralAsset, amount, days, agreementVersion, fullName, clientKey and the drawn signature image): needs a verified identity, waits for an operator's review. Success answers 20001; a retry with the same clientKey answers the first loan.",
        refusals: [
          Err.DEMO_NOT_ALLOWED,
          Err.USER_NOT_AUTHENTICATED,
          Err.LOAN_AMOUNT_WRONG,
          Err.LOAN_PERIOD_WRONG,
          Err.LOAN_AGREEMENT_OUTDATED,
          Err.LOAN_NOT_SIGNED,
          Err.LOAN_PENDING_EXISTS,
          Err.PRICE_UNAVAILABLE,
          Err.INSUFFICIENT_BALANCE,
          Err.UPLOAD_REQUIRED,
          Err.IMAGE_FORMAT_WRONG,
          Err.IMAGE_TOO_LARGE,
        ],
        moves:
          'the collateral moves from available to locked at once; the principal is credited when an operator approves, and the collateral returns when one rejects.',
        summary:
          'Apply for a loan (multipart: collateralAsset, amount, days, agreementVersion, fullName, clientKey and the drawn signature image `signature`): collateral locked, waiting for review. Success 20001; a retry with the same clientKey answers the first loan.',
        response: { 200: Envelope(Loan) },
      }),
    },
    async (req, reply) => {
      const form = await readLoanForm(req, app.config.uploadMaxBytes);
      return reply.ok(await app.loans.submit(userId(req), req.lang, form), Ok.SUBMITTED_FOR_REVIEW);
    },
  );

  app.get(
    LOAN_PATHS.list,
    {
      ...authReal,
      ...route.signedIn({
        querystring: ListLoanQuery,
        operationId: 'listLoanRecord',
        description: "The caller's loans, newest first, paged, with the live LTV and the interest accrued (real book only).",
        refusals: [Err.DEMO_NOT_ALLOWED],
        summary: 'My loans, newest first, with live LTV and accrued interest',
        response: { 200: Envelope(LoanPage) },
      }),
    },
    async (req, reply) => reply.ok(await app.loans.list(userId(req), req.query)),
  );

  app.get(
    `${LOAN_PATHS.detail}:id`,
    {
      ...authReal,
      ...route.signedIn({
        params: LoanIdParams,
        operationId: 'getLoanDetail',
        description: "One of the caller's loans with its daily interest rows, repayments and liquidations.",
        refusals: [Err.DEMO_NOT_ALLOWED, Err.RECORD_NOT_FOUND],
        summary: 'One of my loans with its daily interest rows, repayments and liquidations',
        response: { 200: Envelope(LoanDetail) },
      }),
    },
    async (req, reply) => reply.ok(await app.loans.detail(userId(req), requestId(req.params.id))),
  );

  app.post(
    LOAN_PATHS.repay,
    {
      ...authReal,
      ...route.signedIn({
        body: RepayLoanBody,
        operationId: 'repayLoan',
        examples: { body: { id: '1', amount: '250.5', clientKey: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d' } },
        description:
          "Repays one of the caller's loans in part or in full: interest first, then principal; a retry with the same clientKey answers the first.",
        refusals: [
          Err.DEMO_NOT_ALLOWED,
          Err.RECORD_NOT_FOUND,
          Err.LOAN_REPAY_AMOUNT_WRONG,
          Err.STATUS_TRANSITION_DENIED,
          Err.INSUFFICIENT_BALANCE,
        ],
        moves:
          'the amount from available to the loan book (interest to the house, principal back); repaying the whole debt releases the collateral.',
        summary: 'Repay in part or in full: interest first, then principal; the whole debt releases the collateral',
        response: { 200: Envelope(Loan) },
      }),
    },
    async (req, reply) => reply.ok(await app.loans.repay(userId(req), req.body)),
  );
};

export default fp(loanRoutes, { name: 'loan-routes', dependencies: ['loans', 'guard', 'errors'], encapsulate: true });
