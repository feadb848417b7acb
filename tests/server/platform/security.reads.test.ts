/**
 * Issue 25 item 4: every operator read of a customer's personal data (KYC detail and images, a
 * deposit proof, a loan signature, a support attachment) writes an audit line (who, what, when,
 * reason category), and the customer sees that their documents were opened: when and why, never
 * by whom. The customer's own reads are not listed.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp } from '../helpers.ts';
import { submitKyc } from '../kyc/kycFixtures.ts';
import { setPrices, submitLoan, terms, verifiedUser } from '../loans/loanFixtures.ts';
import {
  addReceiveAddresses,
  adminCall,
  createUser,
  multipart,
  PNG,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';

describe('operators’ reads of personal data are audited and shown to the customer', () => {
  const t = useTestApp();
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    await addReceiveAddresses(t.app);
    setPrices(t.app, { BTCUSDT: 50000, ETHUSDT: 2500 });
  });

  const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: u.token } });
  const readsOf = async (u: TestUser) =>
    (
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'personal_data.read'), eq(auditLog.targetId, String(u.id))))
    ).map((a) => ({ actorId: a.actorId, ...(a.after as { document: string; reason: string; ref: string }) }));
  const accessList = async (u: TestUser) => {
    const res = await get(u, '/swx/customer/user/documentAccess');
    const b = body(res);
    expect(b.code).toBe(Ok.SUCCESS);
    // the operator is never named: neither its id nor its username is in the answer
    expect(res.body).not.toContain(op.username);
    expect(res.body).not.toContain(`"${op.id}"`);
    return b.result as { rows: Array<{ at: string; document: string; reason: string }>; total: number };
  };

  it('a deposit proof, through the console or the customer route', async () => {
    const u = await createUser(t.app);
    const d = body(await recharge(t.app, u, rechargeFields())).result;
    expect((await get(u, `/swx/customer/user/rechargeProof/${d.id}`)).statusCode).toBe(200); // the owner: not listed
    expect(await readsOf(u)).toEqual([]);
    expect((await get(op, `/admin-api/deposits/${d.id}/proof`)).statusCode).toBe(200);
    expect((await get(op, `/swx/customer/user/rechargeProof/${d.id}`)).statusCode).toBe(200);
    expect(await readsOf(u)).toEqual([
      { actorId: op.id, document: 'deposit_proof', reason: 'deposit_review', ref: d.id },
      { actorId: op.id, document: 'deposit_proof', reason: 'deposit_review', ref: d.id },
    ]);
    const list = await accessList(u);
    expect(list.total).toBe(2);
    expect(list.rows[0]).toEqual({ at: expect.any(String), document: 'deposit_proof', reason: 'deposit_review' });
  });

  it('identity verification: the typed data and each image', async () => {
    const u = await createUser(t.app);
    const s = await submitKyc(t.app, u);
    expect(s.code, s.msg).toBe(Ok.SUBMITTED_FOR_REVIEW);
    const id = s.result!.id;
    expect((await adminCall(t.app, op, 'GET', `/kyc/${id}`)).code).toBe(Ok.SUCCESS);
    expect((await get(op, `/swx/customer/user/identification/${id}/front`)).statusCode).toBe(200);
    expect((await get(u, `/swx/customer/user/identification/${id}/front`)).statusCode).toBe(200);
    expect((await readsOf(u)).map((r) => [r.document, r.reason, r.ref])).toEqual([
      ['kyc_detail', 'identity_verification', id],
      ['kyc_image', 'identity_verification', `${id}/front`],
    ]);
    expect((await accessList(u)).rows.map((r) => r.document)).toEqual(['kyc_image', 'kyc_detail']);
  });

  it('a support attachment', async () => {
    const u = await createUser(t.app);
    const c = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/support/openConversation',
        headers: { authorization: u.token },
        payload: { text: 'Hello', clientKey: crypto.randomUUID() },
      }),
    ).result.conversation;
    const m = multipart({ conversationId: c.id, clientKey: crypto.randomUUID() }, { field: 'image', content: PNG });
    const img = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/support/sendImage',
        payload: m.payload,
        headers: { authorization: u.token, ...m.headers },
      }),
    );
    expect(img.code, img.msg).toBe(Ok.SUCCESS);
    expect((await get(op, `/swx/customer/support/attachment/${img.result.attachment.id}`)).statusCode).toBe(200);
    expect((await readsOf(u)).map((r) => [r.document, r.reason])).toEqual([['support_attachment', 'support_request']]);
  });

  it('a loan signature', async () => {
    const u = await verifiedUser(t.app);
    const loan = await submitLoan(t.app, u, (await terms(t.app)).agreementVersion);
    expect(loan.code, loan.msg).toBe(Ok.SUBMITTED_FOR_REVIEW);
    expect((await get(op, `/admin-api/loans/${loan.result.id}/signature`)).statusCode).toBe(200);
    expect((await readsOf(u)).map((r) => [r.document, r.reason, r.ref])).toEqual([
      ['loan_signature', 'loan_review', loan.result.id],
    ]);
    expect((await accessList(u)).rows).toEqual([{ at: expect.any(String), document: 'loan_signature', reason: 'loan_review' }]);
  });

  it('the list is the customer’s own and needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/swx/customer/user/documentAccess' })).json().code).toBe(401);
    expect((await accessList(await createUser(t.app))).rows).toEqual([]);
  });
});
