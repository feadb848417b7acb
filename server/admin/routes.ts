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
import { operatorRoute, type RouteApp } from '../platform/http/routeSchema.ts';

const optionalId = (id: string | undefined) => (id === undefined ? undefined : requestId(id));

const operator = (req: FastifyRequest) => req.user!;

/** The deposit queue: the list, a proof image, approve and reject. */
function depositRoutes(app: RouteApp) {
  app.get(
    '/deposits',
    operatorRoute({
      querystring: AdminDepositQuery,
      summary: 'Deposits, newest first (status=pending for the queue)',
      response: { 200: Envelope(AdminDepositPage) },
    }),
    async (req, reply) => reply.ok(await app.admin.deposits({ ...req.query, userId: optionalId(req.query.userId) })),
  );

  app.get(
    '/deposits/:id/proof',
    operatorRoute({
      params: AdminIdParams,
      summary: 'The proof image',
      response: {
        200: BinaryFile('The proof image as re-encoded on upload (JPEG or PNG), as a download', ['image/jpeg', 'image/png']),
      },
    }),
    async (req, reply) => {
      const { mime, image, filename } = await app.admin.depositProof(requestId(req.params.id), operator(req));
      return reply.type(mime).headers(attachmentHeaders(filename)).send(image);
    },
  );

  app.post(
    '/deposits/:id/approve',
    operatorRoute({
      params: AdminIdParams,
      body: Type.Optional(ApproveDepositBody),
      summary: 'Approve: credits the user (real book)',
      response: { 200: Envelope(AdminDeposit) },
    }),
    async (req, reply) => reply.ok(await app.admin.approveDeposit(operator(req).id, requestId(req.params.id))),
  );

  app.post(
    '/deposits/:id/reject',
    operatorRoute({
      params: AdminIdParams,
      body: RejectBody,
      summary: 'Reject with a reason the user sees',
      response: { 200: Envelope(AdminDeposit) },
    }),
    async (req, reply) => reply.ok(await app.admin.rejectDeposit(operator(req).id, requestId(req.params.id), req.body.reason)),
  );
}

/** The withdrawal queue: the list, approve with the payout hash, reject. */
function withdrawalRoutes(app: RouteApp) {
  app.get(
    '/withdrawals',
    operatorRoute({
      querystring: AdminWithdrawalQuery,
      summary: 'Withdrawals, newest first (status=pending for the queue)',
      response: { 200: Envelope(AdminWithdrawalPage) },
    }),
    async (req, reply) => reply.ok(await app.admin.withdrawals({ ...req.query, userId: optionalId(req.query.userId) })),
  );

  app.post(
    '/withdrawals/:id/approve',
    operatorRoute({
      params: AdminIdParams,
      body: ApproveWithdrawalBody,
      summary: 'Approve with the payout transaction hash',
      response: { 200: Envelope(AdminWithdrawal) },
    }),
    async (req, reply) =>
      reply.ok(await app.admin.approveWithdrawal(operator(req).id, requestId(req.params.id), req.body.payoutTxHash)),
  );

  app.post(
    '/withdrawals/:id/reject',
    operatorRoute({
      params: AdminIdParams,
      body: RejectBody,
      summary: 'Reject: the hold goes back to available',
      response: { 200: Envelope(AdminWithdrawal) },
    }),
    async (req, reply) => reply.ok(await app.admin.rejectWithdrawal(operator(req).id, requestId(req.params.id), req.body.reason)),
  );
}

/** The receive addresses customers pay into. */
function depositAddressRoutes(app: RouteApp) {
  app.get(
    '/deposit-addresses',
    operatorRoute({
      summary: 'All receive addresses (enabled or not)',
      response: { 200: Envelope(AdminDepositAddressList) },
    }),
    async (_req, reply) => reply.ok({ rows: await app.admin.depositAddresses() }),
  );

  app.post(
    '/deposit-addresses',
    operatorRoute({
      body: CreateDepositAddressBody,
      summary: 'Add a receive address (checked for its network)',
      response: { 200: Envelope(AdminDepositAddress) },
    }),
    async (req, reply) => reply.ok(await app.admin.createDepositAddress(operator(req).id, req.body)),
  );

  app.put(
    '/deposit-addresses/:id',
    operatorRoute({
      params: AdminIdParams,
      body: UpdateDepositAddressBody,
      summary: 'Change the address or enable/disable it',
      response: { 200: Envelope(AdminDepositAddress) },
    }),
    async (req, reply) => reply.ok(await app.admin.updateDepositAddress(operator(req).id, requestId(req.params.id), req.body)),
  );

  app.delete(
    '/deposit-addresses/:id',
    operatorRoute({
      params: AdminIdParams,
      summary: 'Remove a receive address',
      response: { 200: Envelope(DeletedResult) },
    }),
    async (req, reply) => {
      const id = requestId(req.params.id);
      await app.admin.deleteDepositAddress(operator(req).id, id);
      return reply.ok({ id: id.toString(), deleted: true });
    },
  );
}

/** Operator accounts, changed only by a proposal another operator confirms. */
function operatorAccountRoutes(app: RouteApp) {
  app.get(
    '/operators',
    operatorRoute({ summary: 'Operator accounts', response: { 200: Envelope(AdminOperatorList) } }),
    async (_req, reply) => reply.ok({ rows: await app.admin.operators() }),
  );

  app.post(
    '/operators',
    operatorRoute({
      body: CreateOperatorBody,
      summary: 'Propose an operator: it exists once another, older operator confirms (audited)',
      response: { 200: Envelope(AdminOperatorProposal) },
    }),
    async (req, reply) => reply.ok(await app.admin.proposeOperator(operator(req).id, req.body)),
  );

  app.post(
    '/operators/:id/disable',
    operatorRoute({
      params: AdminIdParams,
      summary: 'Propose disabling an operator (not yourself, never below two active); confirmed, their sessions end (audited)',
      response: { 200: Envelope(AdminOperatorProposal) },
    }),
    async (req, reply) => reply.ok(await app.admin.proposeDisableOperator(operator(req).id, requestId(req.params.id))),
  );

  app.get(
    '/operator-proposals',
    operatorRoute({
      querystring: OperatorProposalQuery,
      summary: 'Operator changes proposed (status=pending: waiting for a second operator)',
      response: { 200: Envelope(AdminOperatorProposalList) },
    }),
    async (req, reply) => reply.ok({ rows: await app.admin.operatorProposals(req.query.status) }),
  );

  app.post(
    '/operator-proposals/:id/confirm',
    operatorRoute({
      params: AdminIdParams,
      summary: 'Confirm and apply a proposal: another operator, older than the proposal, not linked to its proposer (audited)',
      response: { 200: Envelope(AdminOperatorProposal) },
    }),
    async (req, reply) => reply.ok(await app.admin.confirmOperatorProposal(operator(req).id, requestId(req.params.id))),
  );

  app.post(
    '/operator-proposals/:id/reject',
    operatorRoute({
      params: AdminIdParams,
      summary: 'Reject (or withdraw) a pending proposal (audited)',
      response: { 200: Envelope(AdminOperatorProposal) },
    }),
    async (req, reply) => reply.ok(await app.admin.rejectOperatorProposal(operator(req).id, requestId(req.params.id))),
  );
}

/** The outbox and the audit log (read only). */
function logRoutes(app: RouteApp) {
  app.get(
    '/outbox',
    operatorRoute({
      querystring: OutboxQuery,
      summary: 'Mail and SMS sent or queued, newest first',
      response: { 200: Envelope(OutboxPage) },
    }),
    async (req, reply) => reply.ok(await app.admin.outbox(req.query)),
  );

  app.get(
    '/audit-log',
    operatorRoute({
      querystring: AuditQuery,
      summary: 'Operator actions, newest first (append-only)',
      response: { 200: Envelope(AuditPage) },
    }),
    async (req, reply) => reply.ok(await app.admin.auditLog({ ...req.query, actorId: optionalId(req.query.actorId) })),
  );
}

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // every route of this plugin, present and future, is for operators only; asked before the
  // body is parsed or validated, so nobody else learns anything about these routes
  app.addHook('onRequest', app.requireOperator);
  depositRoutes(app);
  withdrawalRoutes(app);
  depositAddressRoutes(app);
  operatorAccountRoutes(app);
  logRoutes(app);
};

export default fp(adminRoutes, { name: 'admin-routes', dependencies: ['admin', 'guard', 'errors'], encapsulate: true });
