/**
 * Operator API (`/admin-api`): review queues, receive addresses, outbox and audit log. Every
 * route requires the operator role; every change writes the audit log in its transaction.
 * Deliberately absent: any way to set a balance or a price.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { Err } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  AdminDeposit, AdminDepositPage, AdminDepositQuery, AdminIdParams, AdminWithdrawal, AdminWithdrawalPage, AdminWithdrawalQuery,
  ApproveDepositBody, ApproveWithdrawalBody, AuditPage, AuditQuery, OutboxPage, OutboxQuery, RejectBody,
} from '../../src/contract/admin.ts';
import { auditLog, outbox, users } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';
import { requestId } from '../http/validation.ts';
import { depositView, findDeposit, listDeposits, reviewDeposit, type DepositRow } from '../wallet/deposits.ts';
import { readUpload } from '../wallet/images.ts';
import { listWithdrawals, reviewWithdrawal, withdrawalView, type WithdrawalRow } from '../wallet/withdrawals.ts';
import { depositAddressRoutes } from './depositAddresses.ts';

const tags = ['admin'];

/** Hides verification codes (runs of 6 digits) in a message body. */
export const maskCodes = (body: string) => body.replace(/\b\d{6}\b/g, '••••••');
const security = [{ token: [] }];

const adminDeposit = (d: DepositRow, username: string | null) => ({
  ...depositView(d), proofUrl: `/admin-api/deposits/${d.id}/proof`,
  userId: d.userId.toString(), username: username ?? '', reviewedBy: d.reviewedBy?.toString() ?? null,
});
const adminWithdrawal = (w: WithdrawalRow, username: string | null) => ({
  ...withdrawalView(w), userId: w.userId.toString(), username: username ?? '', reviewedBy: w.reviewedBy?.toString() ?? null,
});

export default async function adminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  // every route of this plugin, present and future, is for operators only
  app.addHook('preHandler', app.requireOperator);
  const op = (req: { user?: { id: bigint } }) => req.user!.id;
  const usernameOf = async (userId: bigint) =>
    (await app.db.select({ u: users.username }).from(users).where(eq(users.id, userId)).limit(1))[0]?.u ?? null;

  // ------------------------------------------------------------ deposits
  app.get('/deposits', {
    schema: { tags, security, querystring: AdminDepositQuery, summary: 'Deposits, newest first (status=pending for the queue)', response: { 200: Envelope(AdminDepositPage) } },
  }, async (req, reply) => {
    const { userId, ...q } = req.query;
    const { rows, total } = await listDeposits(app.db, { ...q, userId: userId ? requestId(userId) : undefined });
    return reply.ok({ rows: rows.map((r) => adminDeposit(r.d, r.username)), total });
  });

  app.get('/deposits/:id/proof', { schema: { tags, security, params: AdminIdParams, summary: 'The proof image' } }, async (req, reply) => {
    const d = await findDeposit(app.db, requestId(req.params.id));
    const buf = d && (await readUpload(app.config.dataDir, d.proofFile));
    if (!d || !buf) throw new BizError(Err.RECORD_NOT_FOUND);
    return reply.type(d.proofMime).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(buf);
  });

  app.post('/deposits/:id/approve', {
    schema: { tags, security, params: AdminIdParams, body: Type.Optional(ApproveDepositBody), summary: 'Approve: credits the user (real book)', response: { 200: Envelope(AdminDeposit) } },
  }, async (req, reply) => {
    const d = await reviewDeposit(app, op(req), requestId(req.params.id), { type: 'deposit.approve' });
    return reply.ok(adminDeposit(d, await usernameOf(d.userId)));
  });

  app.post('/deposits/:id/reject', {
    schema: { tags, security, params: AdminIdParams, body: RejectBody, summary: 'Reject with a reason the user sees', response: { 200: Envelope(AdminDeposit) } },
  }, async (req, reply) => {
    const d = await reviewDeposit(app, op(req), requestId(req.params.id), { type: 'deposit.reject', reason: req.body.reason.trim() || '-' });
    return reply.ok(adminDeposit(d, await usernameOf(d.userId)));
  });

  // ------------------------------------------------------------ withdrawals
  app.get('/withdrawals', {
    schema: { tags, security, querystring: AdminWithdrawalQuery, summary: 'Withdrawals, newest first (status=pending for the queue)', response: { 200: Envelope(AdminWithdrawalPage) } },
  }, async (req, reply) => {
    const { userId, ...q } = req.query;
    const { rows, total } = await listWithdrawals(app.db, { ...q, userId: userId ? requestId(userId) : undefined });
    return reply.ok({ rows: rows.map((r) => adminWithdrawal(r.w, r.username)), total });
  });

  app.post('/withdrawals/:id/approve', {
    schema: { tags, security, params: AdminIdParams, body: ApproveWithdrawalBody, summary: 'Approve with the payout transaction hash', response: { 200: Envelope(AdminWithdrawal) } },
  }, async (req, reply) => {
    const w = await reviewWithdrawal(app, op(req), requestId(req.params.id), { type: 'withdrawal.approve', payoutTxHash: req.body.payoutTxHash });
    return reply.ok(adminWithdrawal(w, await usernameOf(w.userId)));
  });

  app.post('/withdrawals/:id/reject', {
    schema: { tags, security, params: AdminIdParams, body: RejectBody, summary: 'Reject: the hold goes back to available', response: { 200: Envelope(AdminWithdrawal) } },
  }, async (req, reply) => {
    const w = await reviewWithdrawal(app, op(req), requestId(req.params.id), { type: 'withdrawal.reject', reason: req.body.reason.trim() || '-' });
    return reply.ok(adminWithdrawal(w, await usernameOf(w.userId)));
  });

  await depositAddressRoutes(app);

  // ------------------------------------------------------------ outbox and audit log (read only)
  app.get('/outbox', {
    schema: { tags, security, querystring: OutboxQuery, summary: 'Mail and SMS sent or queued, newest first', response: { 200: Envelope(OutboxPage) } },
  }, async (req, reply) => {
    const size = req.query.pageSize ?? 20;
    const where = req.query.recipient ? eq(outbox.recipient, req.query.recipient) : undefined;
    const rows = await app.db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(size).offset(((req.query.pageNum ?? 1) - 1) * size);
    const [{ total }] = await app.db.select({ total: count() }).from(outbox).where(where);
    return reply.ok({
      rows: rows.map((r) => ({
        ...r,
        // a message that reached its recipient keeps its code to them: an operator who could read
        // it could take over the account (unsent ones are how codes work without SMTP)
        body: r.sentAt ? maskCodes(r.body) : r.body,
        id: r.id.toString(), sentAt: r.sentAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
      })),
      total: Number(total),
    });
  });

  app.get('/audit-log', {
    schema: { tags, security, querystring: AuditQuery, summary: 'Operator actions, newest first (append-only)', response: { 200: Envelope(AuditPage) } },
  }, async (req, reply) => {
    const q = req.query;
    const conds: SQL[] = [];
    if (q.targetType) conds.push(eq(auditLog.targetType, q.targetType));
    if (q.targetId) conds.push(eq(auditLog.targetId, q.targetId));
    if (q.actorId) conds.push(eq(auditLog.actorId, requestId(q.actorId)));
    const where = conds.length ? and(...conds) : undefined;
    const size = q.pageSize ?? 20;
    const rows = await app.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(size).offset(((q.pageNum ?? 1) - 1) * size);
    const [{ total }] = await app.db.select({ total: count() }).from(auditLog).where(where);
    return reply.ok({
      rows: rows.map((r) => ({ ...r, id: r.id.toString(), actorId: r.actorId.toString(), createdAt: r.createdAt.toISOString() })),
      total: Number(total),
    });
  });
}
