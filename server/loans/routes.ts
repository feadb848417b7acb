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
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('loans');

/** Loans are real money only: the demo book is refused (10033) before anything is read. */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

const loanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptMultipart(app); // this plugin's upload route(s)
  const userId = (req: FastifyRequest) => req.user!.id;
  const authReal = { preHandler: [app.requireUser, realBookOnly] };

  app.get(LOAN_PATHS.terms, route.open({ ...DOCS.getLoanTerms, response: { 200: Envelope(LoanTerms) } }), async (req, reply) =>
    reply.ok(app.loans.terms(req.lang)),
  );

  app.post(
    LOAN_PATHS.submit,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.loan, consumes: ['multipart/form-data'], response: { 200: Envelope(Loan) } }),
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
      ...route.signedIn({ ...DOCS.listLoanRecord, querystring: ListLoanQuery, response: { 200: Envelope(LoanPage) } }),
    },
    async (req, reply) => reply.ok(await app.loans.list(userId(req), req.query)),
  );

  app.get(
    `${LOAN_PATHS.detail}:id`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.getLoanDetail, params: LoanIdParams, response: { 200: Envelope(LoanDetail) } }),
    },
    async (req, reply) => reply.ok(await app.loans.detail(userId(req), requestId(req.params.id))),
  );

  app.post(
    LOAN_PATHS.repay,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.repayLoan, body: RepayLoanBody, response: { 200: Envelope(Loan) } }),
    },
    async (req, reply) => reply.ok(await app.loans.repay(userId(req), req.body)),
  );
};

export default fp(loanRoutes, { name: 'loan-routes', dependencies: ['loans', 'guard', 'errors'], encapsulate: true });
