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
import { Err } from '../../src/contract/errors.ts';

const optionalId = (id: string | undefined) => (id === undefined ? undefined : requestId(id));

const operator = (req: FastifyRequest) => req.user!;

/** The deposit queue: the list, a proof image, approve and reject. */
function depositRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  op.get(
    '/deposits',
    {
      querystring: AdminDepositQuery,
      operationId: 'listDeposits',
      description:
        "The deposit claims of every customer, newest first, paged; `status=pending` is the review queue, `userId` one customer's.",
      refusals: [],
      summary: 'Deposits, newest first (status=pending for the queue)',
      result: AdminDepositPage,
    },
    (r) => app.admin.deposits({ ...r.query, userId: optionalId(r.query.userId) }),
  );

  app.get(
    '/deposits/:id/proof',
    operatorRoute({
      params: AdminIdParams,
      operationId: 'getDepositProof',
      description:
        "The proof image of a deposit claim, as a download; the reading is recorded in the customer's document access list.",
      refusals: [Err.RECORD_NOT_FOUND],
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

  const approve = { params: AdminIdParams, body: Type.Optional(ApproveDepositBody), result: AdminDeposit };
  op.post(
    '/deposits/:id/approve',
    {
      ...approve,
      operationId: 'approveDeposit',
      description:
        "Approves a pending deposit claim after checking the transfer arrived (audited; with two-factor on, a fresh code). Large amounts need a second operator's approval (four eyes); an operator cannot review their own claim.",
      refusals: [
        Err.RECORD_NOT_FOUND,
        Err.STATUS_TRANSITION_DENIED,
        Err.OWN_RECORD_REVIEW,
        Err.SECOND_OPERATOR_REQUIRED,
        Err.TX_HASH_USED,
        Err.OPERATOR_ON_PROBATION,
        Err.OPERATOR_LINKED,
      ],
      moves:
        "the claimed amount is credited to the customer's real book from the house's deposit account, in the same transaction as the approval and its audit record.",
      summary: 'Approve: credits the user (real book)',
    },
    (r) => app.admin.approveDeposit(r.by, r.id),
  );
  const reject = {
    params: AdminIdParams,
    body: RejectBody,
    operationId: 'rejectDeposit',
    description: 'Rejects a pending deposit claim with a reason the customer reads (audited; with two-factor on, a fresh code).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
    summary: 'Reject with a reason the user sees',
    result: AdminDeposit,
  };
  op.post('/deposits/:id/reject', reject, (r) => app.admin.rejectDeposit(r.by, r.id, r.body.reason));
}

/** The withdrawal queue: the list, approve with the payout hash, reject. */
function withdrawalRoutes(app: RouteApp) {
  app.get(
    '/withdrawals',
    operatorRoute({
      querystring: AdminWithdrawalQuery,
      operationId: 'listWithdrawals',
      description: 'The withdrawal requests of every customer, newest first, paged; `status=pending` is the review queue.',
      refusals: [],
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
      operationId: 'approveWithdrawal',
      examples: { body: { payoutTxHash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' } },
      description:
        'Approves a pending withdrawal with the hash of the payout the operator sent (audited; with two-factor on, a fresh code); on a watched chain the payout is checked on the node first.',
      refusals: [
        Err.RECORD_NOT_FOUND,
        Err.STATUS_TRANSITION_DENIED,
        Err.OWN_RECORD_REVIEW,
        Err.SECOND_OPERATOR_REQUIRED,
        Err.TX_HASH_USED,
        Err.CHAIN_PAYOUT_HASH_REQUIRED,
        Err.CHAIN_PAYOUT_UNKNOWN,
        Err.CHAIN_PAYOUT_WRONG_RECIPIENT,
        Err.CHAIN_PAYOUT_WRONG_AMOUNT,
        Err.CHAIN_PAYOUT_WRONG_TOKEN,
        Err.CHAIN_PAYOUT_NOT_PLATFORM,
        Err.CHAIN_PAYOUT_PENDING,
        Err.CHAIN_NODE_UNAVAILABLE,
        Err.OPERATOR_ON_PROBATION,
        Err.OPERATOR_LINKED,
      ],
      moves:
        "the held amount leaves the customer's real book: the payout to the platform's outgoing account and the fee to the fee account.",
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
      operationId: 'rejectWithdrawal',
      description: 'Rejects a pending withdrawal with a reason the customer reads (audited; with two-factor on, a fresh code).',
      refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
      moves: "the held amount returns to the customer's available balance.",
      summary: 'Reject: the hold goes back to available',
      response: { 200: Envelope(AdminWithdrawal) },
    }),
    async (req, reply) => reply.ok(await app.admin.rejectWithdrawal(operator(req).id, requestId(req.params.id), req.body.reason)),
  );
}

/** The receive addresses customers pay into. */
function depositAddressRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  const list = {
    operationId: 'listDepositAddresses',
    description: 'Every receive address customers may pay into, enabled or not.',
    refusals: [],
    summary: 'All receive addresses (enabled or not)',
    result: AdminDepositAddressList,
  };
  op.get('/deposit-addresses', list, async () => ({ rows: await app.admin.depositAddresses() }));
  const create = {
    body: CreateDepositAddressBody,
    operationId: 'createDepositAddress',
    description: 'Adds a receive address for a coin and network, checked for that network (audited).',
    refusals: [Err.ADDRESS_INVALID],
    summary: 'Add a receive address (checked for its network)',
  };
  op.post('/deposit-addresses', { ...create, result: AdminDepositAddress }, (r) => app.admin.createDepositAddress(r.by, r.body));
  const update = {
    params: AdminIdParams,
    body: UpdateDepositAddressBody,
    operationId: 'updateDepositAddress',
    description: 'Changes a receive address or enables or disables it (audited).',
    refusals: [Err.RECORD_NOT_FOUND, Err.ADDRESS_INVALID],
    summary: 'Change the address or enable/disable it',
  };
  op.put('/deposit-addresses/:id', { ...update, result: AdminDepositAddress }, (r) =>
    app.admin.updateDepositAddress(r.by, r.id, r.body),
  );
  const remove = {
    params: AdminIdParams,
    operationId: 'deleteDepositAddress',
    description: 'Removes a receive address (audited).',
    refusals: [Err.RECORD_NOT_FOUND],
    summary: 'Remove a receive address',
    result: DeletedResult,
  };
  op.delete('/deposit-addresses/:id', remove, async (r) => {
    await app.admin.deleteDepositAddress(r.by, r.id);
    return { id: r.id.toString(), deleted: true as const };
  });
}

/** Operator accounts, changed only by a proposal another operator confirms. */
function operatorAccountRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  op.get(
    '/operators',
    {
      operationId: 'listOperators',
      description: 'The operator accounts with their status, two-factor and age.',
      refusals: [],
      summary: 'Operator accounts',
      result: AdminOperatorList,
    },
    async () => ({
      rows: await app.admin.operators(),
    }),
  );
  const propose = {
    body: CreateOperatorBody,
    operationId: 'proposeOperator',
    description: 'Proposes a new operator account; it exists once another, older operator confirms (audited).',
    refusals: [
      Err.EMAIL_INVALID,
      Err.EMAIL_OR_PHONE_EXISTS,
      Err.USERNAME_EXISTS,
      Err.OPERATOR_PROPOSAL_PENDING,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
    summary: 'Propose an operator: it exists once another, older operator confirms (audited)',
    result: AdminOperatorProposal,
  };
  op.post('/operators', propose, (r) => app.admin.proposeOperator(r.by, r.body));
  /** A decision on one operator or proposal: the id in the path, the proposal as the answer. */
  const decision = (doc: RouteDoc) => ({ params: AdminIdParams, ...doc, result: AdminOperatorProposal });
  op.post(
    '/operators/:id/disable',
    decision({
      operationId: 'proposeDisableOperator',
      description:
        'Proposes disabling an operator (not oneself, never below two active); once confirmed their sessions end (audited).',
      refusals: [
        Err.RECORD_NOT_FOUND,
        Err.OPERATOR_SELF_DISABLE,
        Err.OPERATORS_MINIMUM,
        Err.OPERATOR_PROPOSAL_PENDING,
        Err.OPERATOR_ON_PROBATION,
        Err.OPERATOR_LINKED,
      ],
      summary: 'Propose disabling an operator (not yourself, never below two active); confirmed, their sessions end (audited)',
    }),
    (r) => app.admin.proposeDisableOperator(r.by, r.id),
  );
  const proposals = {
    querystring: OperatorProposalQuery,
    operationId: 'listOperatorProposals',
    description: 'Operator changes proposed; `status=pending` lists those waiting for a second operator.',
    refusals: [],
    summary: 'Operator changes proposed (status=pending: waiting for a second operator)',
    result: AdminOperatorProposalList,
  };
  op.get('/operator-proposals', proposals, async (r) => ({ rows: await app.admin.operatorProposals(r.query.status) }));
  op.post(
    '/operator-proposals/:id/confirm',
    decision({
      operationId: 'confirmOperatorProposal',
      description:
        'Confirms and applies a pending proposal: by another operator, older than the proposal and not linked to its proposer (audited; with two-factor on, a fresh code).',
      refusals: [
        Err.RECORD_NOT_FOUND,
        Err.STATUS_TRANSITION_DENIED,
        Err.PROPOSAL_CONFIRMER_NOT_ALLOWED,
        Err.OPERATORS_MINIMUM,
        Err.OPERATOR_ON_PROBATION,
        Err.OPERATOR_LINKED,
      ],
      summary: 'Confirm and apply a proposal: another operator, older than the proposal, not linked to its proposer (audited)',
    }),
    (r) => app.admin.confirmOperatorProposal(r.by, r.id),
  );
  op.post(
    '/operator-proposals/:id/reject',
    decision({
      operationId: 'rejectOperatorProposal',
      description: 'Rejects (or, by its proposer, withdraws) a pending proposal (audited; with two-factor on, a fresh code).',
      refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
      summary: 'Reject (or withdraw) a pending proposal (audited)',
    }),
    (r) => app.admin.rejectOperatorProposal(r.by, r.id),
  );
}

/** The outbox and the audit log (read only). */
function logRoutes(app: RouteApp) {
  const op = operatorRoutes(app);
  const outbox = {
    querystring: OutboxQuery,
    operationId: 'listOutbox',
    description:
      'The mail and SMS the platform sent or queued, newest first, paged (verification codes work on the embedded default through it).',
    refusals: [],
    summary: 'Mail and SMS sent or queued, newest first',
    result: OutboxPage,
  };
  op.get('/outbox', outbox, (r) => app.admin.outbox(r.query));
  const audit = {
    querystring: AuditQuery,
    operationId: 'listAuditLog',
    description: 'Operator actions, newest first, paged, by actor, action or record (append-only).',
    refusals: [],
    summary: 'Operator actions, newest first (append-only)',
    result: AuditPage,
  };
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
  logRoutes(app);
};

export default fp(adminRoutes, { name: 'admin-routes', dependencies: ['admin', 'guard', 'errors'], encapsulate: true });
