/**
 * Working the queue (issue 42 item 4, the service's part): each queue's reject reasons, kept by
 * operators with every change audited, and several deposits rejected at once with one reason,
 * inside the review window like every money review; each item decided on its own.
 */
import { and, count, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { rejectReasons } from '../../../server/admin/schema.ts';
import { deposits } from '../../../server/wallet/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { STEP_UP_HEADER } from '../../../src/contract/twoFactor.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { post, U } from '../auth.helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { addReceiveAddresses, adminCall, createUser, recharge, rechargeFields } from '../wallet/walletFixtures.ts';

describe(`reject reasons and rejecting several at once (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, operator2faRequired: true }));
  const code = (secret: string) => generateSync({ secret, epoch: Math.floor(clock.now() / 1000) });
  beforeAll(async () => {
    await addReceiveAddresses(t.app);
  });
  const audits = async (action: string) =>
    Number((await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0].n);

  it("operators keep each queue's list; every change is audited; a duplicate writes nothing", async () => {
    const op = await createUser(t.app, 'operator');
    const added = await adminCall(t.app, op, 'POST', '/reject-reasons', { queue: 'deposits', text: '  No such   transaction ' });
    expect(added.code, added.msg).toBe(Ok.SUCCESS);
    expect(added.result).toMatchObject({ queue: 'deposits', text: 'No such transaction' });
    await adminCall(t.app, op, 'POST', '/reject-reasons', { queue: 'deposits', text: 'Amount does not match the proof' });
    await adminCall(t.app, op, 'POST', '/reject-reasons', { queue: 'kyc', text: 'Document unreadable' });
    const before = await audits('reject_reason.add');
    const stored = async () => (await t.app.db.select({ n: count() }).from(rejectReasons))[0].n;
    const rowsBefore = await stored();
    // the same reason in other case and spacing: its own code (not a malformed request), in the caller's language
    const dup = await adminCall(t.app, op, 'POST', '/reject-reasons', { queue: 'deposits', text: ' no  SUCH transaction' });
    expect(dup.code).toBe(Err.REJECT_REASON_EXISTS);
    expect(dup.msg).toBe("This reason is already on this queue's list.");
    expect(dup.result).toBeNull();
    expect(await audits('reject_reason.add')).toBe(before);
    expect(await stored()).toBe(rowsBefore);
    // another queue's list is its own: the same text is welcome there
    expect((await adminCall(t.app, op, 'POST', '/reject-reasons', { queue: 'loans', text: 'No such transaction' })).code).toBe(
      Ok.SUCCESS,
    );
    expect(await audits('reject_reason.add')).toBe(before + 1);
    const list = await adminCall(t.app, op, 'GET', '/reject-reasons?queue=deposits');
    expect(list.result.rows.map((r: { text: string }) => r.text)).toEqual([
      'No such transaction',
      'Amount does not match the proof',
    ]);
    expect((await adminCall(t.app, op, 'POST', `/reject-reasons/${added.result.id}/remove`)).code).toBe(Ok.SUCCESS);
    expect((await adminCall(t.app, op, 'POST', `/reject-reasons/${added.result.id}/remove`)).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await adminCall(t.app, op, 'GET', '/reject-reasons?queue=deposits')).result.rows).toHaveLength(1);
    expect(await audits('reject_reason.remove')).toBe(1);
  });

  it('several deposits rejected with one reason inside the window: each decided, each audited naming the window', async () => {
    const op = await createUser(t.app, 'operator');
    const setup = await post(t, `${U}/twoFactor/setup`, {}, { token: op.token });
    expect((await post(t, `${U}/twoFactor/enable`, { code: code(setup.result.secret) }, { token: op.token })).code).toBe(
      Ok.SUCCESS,
    );
    clock.ms(30_000);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(body(await recharge(t.app, await createUser(t.app), rechargeFields())).result.id);
    const reject = (c?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin-api/deposits/reject',
        payload: { ids: [...ids, '999999'], reason: 'No such transaction' },
        headers: { authorization: op.token, ...(c ? { [STEP_UP_HEADER]: c } : {}) },
      });
    expect(body(await reject()).code).toBe(Err.REVIEW_WINDOW_CLOSED);
    const r = body(await reject(code(setup.result.secret)));
    expect(r.code, r.msg).toBe(Ok.SUCCESS);
    expect(r.result.rows).toEqual([...ids.map((id) => ({ id, code: Ok.SUCCESS })), { id: '999999', code: Err.RECORD_NOT_FOUND }]);
    const rows = await t.app.db.select().from(deposits);
    for (const id of ids)
      expect(rows.find((d) => String(d.id) === id)).toMatchObject({ status: 'rejected', rejectReason: 'No such transaction' });
    const lines = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, op.id), eq(auditLog.action, 'deposit.reject')));
    expect(lines).toHaveLength(4);
    expect(new Set(lines.map((l) => JSON.stringify(l.reviewWindow))).size).toBe(1);
    expect(lines[0].reviewWindow).toMatchObject({ factor: 'totp' });
  });
});
