/**
 * Wallet on the wire: /swx/customer/user/{balances, depositAddresses, recharge, listRecharge,
 * rechargeProof, withdrawalMethods, withdrawal, listWithdrwal, statement, resetDemo,
 * listNotifications, readNotifications}. Handlers parse and call `app.wallet`; see docs/wallet.md.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  Balances,
  Deposit,
  DepositAddressList,
  DepositPage,
  IdParams,
  ListNotificationsQuery,
  ListRechargeQuery,
  ListWithdrawalQuery,
  NotificationPage,
  ReadNotificationsBody,
  ReadNotificationsResult,
  ResetDemoBody,
  ResetDemoResult,
  StatementEventPage,
  StatementPage,
  StatementQuery,
  Withdrawal,
  WithdrawalBody,
  WithdrawalMethods,
  WithdrawalPage,
} from '../../src/contract/wallet.ts';
import { ChainDeposit } from '../../src/contract/chain.ts';
import { attachmentHeaders } from '../platform/uploads/store.ts';
import { BinaryFile, CsvFile } from '../platform/http/files.ts';
import { BizError } from '../platform/http/errors.ts';
import { requestId } from '../platform/http/validation.ts';
import { readRechargeForm } from './upload.ts';
import { acceptMultipart } from '../platform/http/external.ts';
import { routeSchemas, type RouteApp } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('wallet');

const P = '/swx/customer/user';

/**
 * Deposits and withdrawals move real money only: the demo book refuses them (10033), and their
 * lists too, as the loan and smart-plan lists do: the records are the real book's, never shown
 * under the demo header.
 */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

const userId = (req: FastifyRequest) => req.user!.id;

/** Balances and where to pay in. */
function balanceRoutes(app: RouteApp) {
  const auth = { preHandler: [app.requireUser] };

  app.get(
    `${P}/balances`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getBalances, response: { 200: Envelope(Balances) } }),
    },
    async (req, reply) => reply.ok(await app.wallet.balances(userId(req), req.book)),
  );

  app.get(
    `${P}/depositAddresses`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getDepositAddresses, response: { 200: Envelope(DepositAddressList) } }),
    },
    async (_req, reply) => reply.ok(await app.wallet.receiveAddresses()),
  );
}

/** Deposits: sent with a proof image, listed, the proof read back. */
function depositRoutes(app: RouteApp) {
  const auth = { preHandler: [app.requireUser] };
  const authReal = { preHandler: [app.requireUser, realBookOnly] };

  app.post(
    `${P}/recharge`,
    {
      ...authReal,
      ...route.signedIn({
        ...DOCS.recharge,
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Type.Union([Deposit, ChainDeposit])) },
      }),
    },
    async (req, reply) => {
      const form = await readRechargeForm(req, app.config.uploadMaxBytes);
      const result = await app.wallet.submitDeposit(userId(req), form);
      // a claim checked on the chain is not "submitted for review"
      return reply.ok(result, 'proofUrl' in result ? Ok.RECHARGE_SUBMITTED : Ok.SUCCESS);
    },
  );

  app.get(
    `${P}/listRecharge`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.listRecharge, querystring: ListRechargeQuery, response: { 200: Envelope(DepositPage) } }),
    },
    async (req, reply) => reply.ok(await app.wallet.deposits(userId(req), req.query)),
  );

  app.get(
    `${P}/rechargeProof/:id`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.getRechargeProof,
        params: IdParams,
        response: {
          200: BinaryFile('The proof image as re-encoded on upload (JPEG or PNG), as a download', ['image/jpeg', 'image/png']),
        },
      }),
    },
    async (req, reply) => {
      const { mime, image, filename } = await app.wallet.depositProof(requestId(req.params.id), req.user!);
      return reply.type(mime).headers(attachmentHeaders(filename)).send(image);
    },
  );
}

/** Withdrawals: the methods, a request, the list. */
function withdrawalRoutes(app: RouteApp) {
  const auth = { preHandler: [app.requireUser] };
  const authReal = { preHandler: [app.requireUser, realBookOnly] };

  app.get(
    `${P}/withdrawalMethods`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getWithdrawalMethods, response: { 200: Envelope(WithdrawalMethods) } }),
    },
    async (req, reply) => reply.ok(await app.wallet.withdrawalMethods(userId(req))),
  );

  app.post(
    `${P}/withdrawal`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.withdrawal, body: WithdrawalBody, response: { 200: Envelope(Withdrawal) } }),
    },
    async (req, reply) => reply.ok(await app.wallet.submitWithdrawal(userId(req), req.body), Ok.WITHDRAWAL_SUBMITTED),
  );

  // the path keeps the spelling of the published API
  app.get(
    `${P}/listWithdrwal`,
    {
      ...authReal,
      ...route.signedIn({ ...DOCS.listWithdrwal, querystring: ListWithdrawalQuery, response: { 200: Envelope(WithdrawalPage) } }),
    },
    async (req, reply) => reply.ok(await app.wallet.withdrawals(userId(req), req.query)),
  );
}

/** The statement, on screen and as CSV, and the demo book reset. */
function statementRoutes(app: RouteApp) {
  const auth = { preHandler: [app.requireUser] };

  app.get(
    `${P}/statement`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getStatement, querystring: StatementQuery, response: { 200: Envelope(StatementPage) } }),
    },
    async (req, reply) => reply.ok(await app.wallet.statement(userId(req), req.book, req.query)),
  );

  app.get(
    `${P}/statement/events`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.getStatementEvents,
        querystring: StatementQuery,
        response: { 200: Envelope(StatementEventPage) },
      }),
    },
    async (req, reply) => reply.ok(await app.wallet.statementEvents(userId(req), req.book, req.query)),
  );

  app.get(
    `${P}/statement.csv`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.getStatementCsv,
        querystring: StatementQuery,
        response: { 200: CsvFile('The statement, one movement a line') },
      }),
    },
    async (req, reply) => {
      const { pageNum: _n, pageSize: _s, ...filter } = req.query;
      const csv = await app.wallet.statementCsv(userId(req), req.book, filter);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="statement-${req.book}-${app.clock.date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(csv);
    },
  );

  app.post(
    `${P}/resetDemo`,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.resetDemo, body: Type.Optional(ResetDemoBody), response: { 200: Envelope(ResetDemoResult) } }),
    },
    async (req, reply) => reply.ok(await app.wallet.resetDemo(userId(req))),
  );
}

/** The notifications kept for the customer. */
function notificationRoutes(app: RouteApp) {
  const auth = { preHandler: [app.requireUser] };

  app.get(
    `${P}/listNotifications`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.listNotifications,
        querystring: ListNotificationsQuery,
        response: { 200: Envelope(NotificationPage) },
      }),
    },
    async (req, reply) => reply.ok(await app.wallet.notifications(userId(req), req.query)),
  );

  app.post(
    `${P}/readNotifications`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.readNotifications,
        body: ReadNotificationsBody,
        response: { 200: Envelope(ReadNotificationsResult) },
      }),
    },
    async (req, reply) => reply.ok(await app.wallet.readNotifications(userId(req), req.body)),
  );
}

const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptMultipart(app); // this plugin's upload route(s)
  balanceRoutes(app);
  depositRoutes(app);
  withdrawalRoutes(app);
  statementRoutes(app);
  notificationRoutes(app);
};

export default fp(walletRoutes, { name: 'wallet-routes', dependencies: ['wallet', 'guard', 'errors'], encapsulate: true });
