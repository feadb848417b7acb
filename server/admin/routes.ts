/**
 * Operator API on the wire (`/admin-api`, operator role only): review queues, receive addresses,
 * outbox and audit log. Handlers parse and call `app.admin`; see docs/wallet.md.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  AdminDeposit,
  AdminDepositAddress,
  AdminDepositAddressList,
  AdminDepositPage,
  AdminDepositQuery,
  AdminIdParams,
  AdminWithdrawal,
  AdminWithdrawalPage,
  AdminWithdrawalQuery,
  ApproveDepositBody,
  ApproveWithdrawalBody,
  AuditPage,
  AuditQuery,
  AdminOperatorList,
  AdminOperatorProposal,
  AdminOperatorProposalList,
  CreateOperatorBody,
  OperatorProposalQuery,
  CreateDepositAddressBody,
  DeletedResult,
  OutboxPage,
  OutboxQuery,
  RejectBody,
  UpdateDepositAddressBody,
} from '../../src/contract/admin.ts';
import { attachmentHeaders } from '../platform/uploads/store.ts';
import { BinaryFile } from '../platform/http/files.ts';
import { requestId } from '../platform/http/validation.ts';
import { operatorRoute, type RouteApp, type RouteDoc } from '../platform/http/routeSchema.ts';
import { operatorRoutes } from '../platform/http/operatorRoutes.ts';
import { DOCS } from './routeDocs.ts';
import { bulkRejectRoute } from '../platform/operators/rejectEach.ts';
import { NewRejectReasonBody, RejectReason, RejectReasonList, RejectReasonQuery } from '../../src/contract/reviewQueues.ts';

const optionalId = (id: string | undefined) => (id === undefined ? undefined : requestId(id));

const operator = (req: FastifyRequest) => req.user!;

/** The deposit queue: the list, a proof image, approve and reject. */
function depositRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  op.get('/deposits', { ...DOCS.listDeposits, querystring: AdminDepositQuery, result: AdminDepositPage }, (r) =>
    app.admin.deposits({ ...r.query, userId: optionalId(r.query.userId) }),
  );

  app.get(
    '/deposits/:id/proof',
    operatorRoute({
      ...DOCS.getDepositProof,
      params: AdminIdParams,
      response: {
        200: BinaryFile('The proof image as re-encoded on upload (JPEG or PNG), as a download', ['image/jpeg', 'image/png']),
      },
    }),
    async (req, reply) => {
      const { mime, image, filename } = await app.admin.depositProof(requestId(req.params.id), operator(req));
      return reply.type(mime).headers(attachmentHeaders(filename)).send(image);
    },
  );

  const approve = { params: AdminIdParams, body: Type.Optional(ApproveDepositBody), result: AdminDeposit };
  op.post('/deposits/:id/approve', { ...DOCS.approveDeposit, ...approve }, (r) => app.admin.approveDeposit(r.by, r.id));
  const reject = { ...DOCS.rejectDeposit, params: AdminIdParams, body: RejectBody, result: AdminDeposit };
  op.post('/deposits/:id/reject', reject, (r) => app.admin.rejectDeposit(r.by, r.id, r.body.reason));
}

/** The withdrawal queue: the list, approve with the payout hash, reject. */
function withdrawalRoutes(app: RouteApp) {
  app.get(
    '/withdrawals',
    operatorRoute({
      ...DOCS.listWithdrawals,
      querystring: AdminWithdrawalQuery,
      response: { 200: Envelope(AdminWithdrawalPage) },
    }),
    async (req, reply) => reply.ok(await app.admin.withdrawals({ ...req.query, userId: optionalId(req.query.userId) })),
  );

  app.post(
    '/withdrawals/:id/approve',
    operatorRoute({
      ...DOCS.approveWithdrawal,
      params: AdminIdParams,
      body: ApproveWithdrawalBody,
      response: { 200: Envelope(AdminWithdrawal) },
    }),
    async (req, reply) =>
      reply.ok(await app.admin.approveWithdrawal(operator(req).id, requestId(req.params.id), req.body.payoutTxHash)),
  );

  app.post(
    '/withdrawals/:id/reject',
    operatorRoute({
      ...DOCS.rejectWithdrawal,
      params: AdminIdParams,
      body: RejectBody,
      response: { 200: Envelope(AdminWithdrawal) },
    }),
    async (req, reply) => reply.ok(await app.admin.rejectWithdrawal(operator(req).id, requestId(req.params.id), req.body.reason)),
  );
}

/** The receive addresses customers pay into. */
function depositAddressRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  const list = { ...DOCS.listDepositAddresses, result: AdminDepositAddressList };
  op.get('/deposit-addresses', list, async () => ({ rows: await app.admin.depositAddresses() }));
  const create = { ...DOCS.createDepositAddress, body: CreateDepositAddressBody };
  op.post('/deposit-addresses', { ...create, result: AdminDepositAddress }, (r) => app.admin.createDepositAddress(r.by, r.body));
  const update = { ...DOCS.updateDepositAddress, params: AdminIdParams, body: UpdateDepositAddressBody };
  op.put('/deposit-addresses/:id', { ...update, result: AdminDepositAddress }, (r) =>
    app.admin.updateDepositAddress(r.by, r.id, r.body),
  );
  const remove = { ...DOCS.deleteDepositAddress, params: AdminIdParams, result: DeletedResult };
  op.delete('/deposit-addresses/:id', remove, async (r) => {
    await app.admin.deleteDepositAddress(r.by, r.id);
    return { id: r.id.toString(), deleted: true as const };
  });
}

/** Operator accounts, changed only by a proposal another operator confirms. */
function operatorAccountRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  op.get('/operators', { ...DOCS.listOperators, result: AdminOperatorList }, async () => ({
    rows: await app.admin.operators(),
  }));
  const propose = { ...DOCS.proposeOperator, body: CreateOperatorBody, result: AdminOperatorProposal };
  op.post('/operators', propose, (r) => app.admin.proposeOperator(r.by, r.body));
  /** A decision on one operator or proposal: the id in the path, the proposal as the answer. */
  const decision = (doc: RouteDoc) => ({ params: AdminIdParams, ...doc, result: AdminOperatorProposal });
  op.post('/operators/:id/disable', decision({ ...DOCS.proposeDisableOperator }), (r) =>
    app.admin.proposeDisableOperator(r.by, r.id),
  );
  const proposals = { ...DOCS.listOperatorProposals, querystring: OperatorProposalQuery, result: AdminOperatorProposalList };
  op.get('/operator-proposals', proposals, async (r) => ({ rows: await app.admin.operatorProposals(r.query.status) }));
  op.post('/operator-proposals/:id/confirm', decision({ ...DOCS.confirmOperatorProposal }), (r) =>
    app.admin.confirmOperatorProposal(r.by, r.id),
  );
  op.post('/operator-proposals/:id/reject', decision({ ...DOCS.rejectOperatorProposal }), (r) =>
    app.admin.rejectOperatorProposal(r.by, r.id),
  );
}

/** Several items rejected with one reason; the reject reasons of each queue, kept by operators (audited). */
function rejectRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  bulkRejectRoute(app, '/deposits/reject', DOCS.rejectDeposits, (by, id, reason) => app.admin.rejectDeposit(by, id, reason));
  bulkRejectRoute(app, '/withdrawals/reject', DOCS.rejectWithdrawals, (by, id, reason) =>
    app.admin.rejectWithdrawal(by, id, reason),
  );
  const list = { ...DOCS.listRejectReasons, querystring: RejectReasonQuery, result: RejectReasonList };
  op.get('/reject-reasons', list, async (r) => ({ rows: await app.admin.rejectReasons(r.query.queue) }));
  const add = { ...DOCS.addRejectReason, body: NewRejectReasonBody, result: RejectReason };
  op.post('/reject-reasons', add, (r) => app.admin.addRejectReason(r.by, r.body.queue, r.body.text));
  const remove = { ...DOCS.removeRejectReason, params: AdminIdParams, result: RejectReason };
  op.post('/reject-reasons/:id/remove', remove, (r) => app.admin.removeRejectReason(r.by, r.id));
}

/** The outbox and the audit log (read only). */
function logRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  const outbox = { ...DOCS.listOutbox, querystring: OutboxQuery, result: OutboxPage };
  op.get('/outbox', outbox, (r) => app.admin.outbox(r.query));
  const audit = { ...DOCS.listAuditLog, querystring: AuditQuery, result: AuditPage };
  op.get('/audit-log', audit, (r) => app.admin.auditLog({ ...r.query, actorId: optionalId(r.query.actorId) }));
}

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // every route of this plugin, present and future, is for operators only; asked before the
  // body is parsed or validated, so nobody else learns anything about these routes
  app.addHook('onRequest', app.requireOperator);
  depositRoutes(app);
  withdrawalRoutes(app);
  depositAddressRoutes(app);
  operatorAccountRoutes(app);
  rejectRoutes(app);
  logRoutes(app);
};

export default fp(adminRoutes, { name: 'admin-routes', dependencies: ['admin', 'guard', 'errors'], encapsulate: true });
