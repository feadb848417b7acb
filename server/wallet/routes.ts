import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { ASSET_DECIMALS, MIN_DEPOSIT, type Asset } from '../../src/contract/constants.ts';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  Balances, Deposit, DepositAddressList, DepositPage, IdParams, ListNotificationsQuery, ListRechargeQuery, ListWithdrawalQuery,
  MIN_WITHDRAWAL, NotificationPage, ReadNotificationsBody, ReadNotificationsResult, ResetDemoBody, ResetDemoResult,
  StatementPage, StatementQuery, Withdrawal, WithdrawalBody, WithdrawalMethods, WithdrawalPage, COIN_NETWORKS,
  type DepositAddress, type Network,
} from '../../src/contract/wallet.ts';
import { depositAddresses } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';
import { requestId } from '../http/validation.ts';
import { availableBalance } from '../ledger/ledger.ts';
import { statement, statementCsv } from '../ledger/statement.ts';
import { balancesOf, resetDemo } from './balances.ts';
import { depositView, findDeposit, listDeposits, submitDeposit } from './deposits.ts';
import { readUpload } from './images.ts';
import { listNotifications, markRead, unreadCount } from './notifications.ts';
import { qrDataUrl } from './qr.ts';
import { checkProofImage, readRechargeForm } from './upload.ts';
import { listWithdrawals, submitWithdrawal, withdrawalView } from './withdrawals.ts';

const P = '/swx/customer/user';
const tags = ['wallet'];
const security = [{ token: [] }];

/** Deposits and withdrawals move real money only: the demo book refuses them (10033). */
const realBookOnly = async (req: FastifyRequest) => {
  if (req.book !== 'real') throw new BizError(Err.DEMO_NOT_ALLOWED);
};

export default async function walletRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const user = (req: FastifyRequest) => req.user!;
  const auth = { preHandler: [app.requireUser] };
  const authReal = { preHandler: [app.requireUser, realBookOnly] };

  app.get(`${P}/balances`, {
    ...auth,
    schema: { tags, security, summary: 'Balances of the selected book, per asset and purpose, valued in USDT', response: { 200: Envelope(Balances) } },
  }, async (req, reply) => reply.ok(await balancesOf(app, user(req).id, req.book)));

  app.get(`${P}/depositAddresses`, {
    ...auth,
    schema: { tags, security, summary: 'Receive addresses per coin and network, with QR codes', response: { 200: Envelope(DepositAddressList) } },
  }, async (_req, reply) => {
    const rows = await app.db.select().from(depositAddresses).where(eq(depositAddresses.enabled, true)).orderBy(depositAddresses.coin, depositAddresses.network, depositAddresses.id);
    const out: DepositAddress[] = [];
    for (const r of rows) {
      out.push({ id: r.id.toString(), coin: r.coin as Asset, network: r.network as Network, address: r.address, qr: await qrDataUrl(r.address), minAmount: MIN_DEPOSIT[r.coin as Asset] });
    }
    return reply.ok({ rows: out });
  });

  app.post(`${P}/recharge`, {
    ...authReal,
    schema: {
      tags, security, consumes: ['multipart/form-data'],
      summary: 'Deposit claim: fields amount, coin, network, txHash, proofLast6 and file proof (JPEG/PNG/JPEG 2000). Success 20002.',
      response: { 200: Envelope(Deposit) },
    },
  }, async (req, reply) => {
    const form = await readRechargeForm(req, app.config.uploadMaxBytes);
    const deposit = await submitDeposit(app, user(req).id, form.fields, checkProofImage(form.proof));
    return reply.ok(deposit, Ok.RECHARGE_SUBMITTED);
  });

  app.get(`${P}/listRecharge`, {
    ...auth,
    schema: { tags, security, querystring: ListRechargeQuery, response: { 200: Envelope(DepositPage) } },
  }, async (req, reply) => {
    const { rows, total } = await listDeposits(app.db, { ...req.query, userId: user(req).id });
    return reply.ok({ rows: rows.map((r) => depositView(r.d)), total });
  });

  app.get(`${P}/rechargeProof/:id`, {
    ...auth,
    schema: { tags, security, params: IdParams, summary: 'The proof image of a deposit: its owner or an operator only' },
  }, async (req, reply) => {
    const d = await findDeposit(app.db, requestId(req.params.id));
    // someone else's record looks exactly like a missing one
    if (!d || (d.userId !== user(req).id && user(req).role !== 'operator')) throw new BizError(Err.RECORD_NOT_FOUND);
    const buf = await readUpload(app.config.dataDir, d.proofFile);
    if (!buf) throw new BizError(Err.RECORD_NOT_FOUND);
    return reply.type(d.proofMime).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(buf);
  });

  app.get(`${P}/withdrawalMethods`, {
    ...auth,
    schema: { tags, security, summary: 'Methods (coin-network), fee rate and minimums, with the real available balance', response: { 200: Envelope(WithdrawalMethods) } },
  }, async (req, reply) => {
    const methods = [];
    for (const coin of Object.keys(COIN_NETWORKS) as Asset[]) {
      const available = await availableBalance(app.db, user(req).id, 'real', coin);
      for (const network of COIN_NETWORKS[coin]) {
        methods.push({ method: `${coin}-${network}`, coin, network, minAmount: new Decimal(MIN_WITHDRAWAL[coin]).toFixed(ASSET_DECIMALS[coin]), available });
      }
    }
    return reply.ok({ feeRate: new Decimal(app.config.withdrawFeeRate).toString(), methods });
  });

  app.post(`${P}/withdrawal`, {
    ...authReal,
    schema: { tags, security, body: WithdrawalBody, summary: 'Withdrawal request: the amount moves to the hold at once. Success 20003.', response: { 200: Envelope(Withdrawal) } },
  }, async (req, reply) => reply.ok(await submitWithdrawal(app, user(req).id, req.body), Ok.WITHDRAWAL_SUBMITTED));

  app.get(`${P}/listWithdrwal`, {
    ...auth,
    schema: { tags, security, querystring: ListWithdrawalQuery, summary: 'Withdrawal records (path spelled as in the spec)', response: { 200: Envelope(WithdrawalPage) } },
  }, async (req, reply) => {
    const { rows, total } = await listWithdrawals(app.db, { ...req.query, userId: user(req).id });
    return reply.ok({ rows: rows.map((r) => withdrawalView(r.w)), total });
  });

  app.get(`${P}/statement`, {
    ...auth,
    schema: { tags, security, querystring: StatementQuery, summary: 'Every ledger movement of the selected book', response: { 200: Envelope(StatementPage) } },
  }, async (req, reply) => {
    const { pageNum, pageSize, ...filter } = req.query;
    return reply.ok(await statement(app.db, user(req).id, req.book, filter, { pageNum, pageSize }));
  });

  app.get(`${P}/statement.csv`, {
    ...auth,
    schema: { tags, security, querystring: StatementQuery, summary: 'The statement as CSV (same filters, no paging)' },
  }, async (req, reply) => {
    const { pageNum: _n, pageSize: _s, ...filter } = req.query;
    const csv = await statementCsv(app.db, user(req).id, req.book, filter);
    return reply.type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${req.book}-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  });

  app.post(`${P}/resetDemo`, {
    ...auth,
    schema: { tags, security, body: Type.Optional(ResetDemoBody), summary: 'Demo book back to the grant (ledger transfers)', response: { 200: Envelope(ResetDemoResult) } },
  }, async (req, reply) => reply.ok(await resetDemo(app, user(req).id)));

  app.get(`${P}/listNotifications`, {
    ...auth,
    schema: { tags, security, querystring: ListNotificationsQuery, response: { 200: Envelope(NotificationPage) } },
  }, async (req, reply) => reply.ok(await listNotifications(app.db, user(req).id, req.query)));

  app.post(`${P}/readNotifications`, {
    ...auth,
    schema: { tags, security, body: ReadNotificationsBody, summary: '{ ids } or { all: true }', response: { 200: Envelope(ReadNotificationsResult) } },
  }, async (req, reply) => {
    if (!req.body.all && !req.body.ids?.length) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'give ids or all' });
    const updated = await markRead(app.db, user(req).id, req.body);
    return reply.ok({ updated, unread: await unreadCount(app.db, user(req).id) });
  });
}
