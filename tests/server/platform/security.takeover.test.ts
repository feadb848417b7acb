/**
 * Operators cannot take over accounts (issue 15 item 1): they never read a one-time code; a
 * password reset, a change and a sign-in are security events (audit line, notification, mail);
 * withdrawals wait after a reset; large deposits and withdrawals need two different operators;
 * operators add and disable operators with a second operator (issue 25), audited.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp } from '../helpers.ts';
import { codeFromOutbox, L, PASSWORD, post, registerByEmail, U } from '../auth.helpers.ts';
import {
  ADDR,
  addReceiveAddresses,
  adminCall,
  counts,
  createUser,
  fund,
  real,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';

const NEW_PASSWORD = 'Quiet-Heron-58';

async function resetPassword(t: ReturnType<typeof useTestApp>, email: string) {
  expect((await post(t, `${L}/sendCode`, { email, purpose: 'reset' })).code).toBe(Ok.SUCCESS);
  const code = await codeFromOutbox(t, email);
  const res = await post(t, `${U}/repassword`, { email, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
  expect(res.code, res.msg).toBe(Ok.MODIFIED);
}

describe('operators never see one-time codes; credential changes are security events', () => {
  const t = useTestApp({ fourEyesAboveUsdt: '1000' });
  let op: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    other = await createUser(t.app, 'operator');
    await addReceiveAddresses(t.app);
  });

  it('the outbox shows no code for a real sendCode, in subject or body (it did: "Your verification code: 111435")', async () => {
    expect((await post(t, `${L}/sendCode`, { email: 'vic@example.com', purpose: 'register' })).code).toBe(Ok.SUCCESS);
    expect((await post(t, `${L}/sendCode`, { phone: '7700900123', areaCode: '44', purpose: 'register' })).code).toBe(Ok.SUCCESS);
    for (const recipient of ['vic@example.com', '+447700900123']) {
      const code = t.app.accounts.devConsoleMessageTo(recipient)!.body.match(/\d{6}/)![0];
      const res = await adminCall(t.app, op, 'GET', `/outbox?recipient=${encodeURIComponent(recipient)}`);
      const row = res.result.rows[0];
      expect(`${row.subject}\n${row.body}`).not.toContain(code);
      expect(`${row.subject}\n${row.body}`).not.toMatch(/\d{6}/);
      // nor at rest: the table operators read holds only the masked text
      const [stored] = await t.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, recipient))
        .orderBy(desc(outbox.id))
        .limit(1);
      expect(`${stored.subject}\n${stored.body}`).not.toContain(code);
    }
  });

  it('a sign-in is an audit line and a notification to the user', async () => {
    const vic = await registerByEmail(t, 'vic', 'vic2@example.com');
    const res = await post(t, `${L}/login`, { account: 'vic', password: PASSWORD }, { ip: '10.9.8.7' });
    expect(res.code).toBe(Ok.SUCCESS);
    const id = BigInt(vic.user.id);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(id))));
    expect(audits.map((a) => a.action)).toContain('security.login');
    expect(audits.find((a) => a.action === 'security.login')).toMatchObject({
      actorId: id,
      after: { ip: '10.9.8.7', method: 'password' },
    });
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(notes.map((n) => n.kind)).toContain('security.login');
    // operators see it in the audit log
    const log = await adminCall(t.app, op, 'GET', `/audit-log?targetType=user&targetId=${id}`);
    expect(log.result.rows.map((r: { action: string }) => r.action)).toContain('security.login');
  });

  it('a password reset is audited, notified and mailed, and holds withdrawals for 24 hours (10080, nothing written)', async () => {
    const win = await registerByEmail(t, 'winnie', 'winnie@example.com');
    const id = BigInt(win.user.id);
    await fund(t.app, id, 'USDT', '500');
    await resetPassword(t, 'winnie@example.com');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'security.password_reset'), eq(auditLog.targetId, String(id))));
    expect(audit.actorId).toBe(id);
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(notes.map((n) => n.kind)).toContain('security.password_reset');
    const notice = t.app.accounts.devConsoleMessageTo('winnie@example.com')!;
    expect(notice.subject).toMatch(/security notice/i);
    expect(notice.body).toMatch(/24 hours/);

    const login = await post(t, `${L}/login`, { account: 'winnie', password: NEW_PASSWORD });
    const u: TestUser = { id, token: login.result.token, username: 'winnie' };
    const before = await counts(t.app);
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: `${U}/withdrawal`,
        headers: real(u, { lang: 'en' }),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '50' },
      }),
    );
    expect(w.code).toBe(Err.WITHDRAWAL_HELD_AFTER_RESET);
    expect(w.msg).toMatch(/24 hours/);
    expect(await counts(t.app)).toEqual(before);
    // once the hold is over, the withdrawal goes through
    await t.app.db
      .update(users)
      .set({ credentialsChangedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(users.id, id));
    const later = body(
      await t.app.inject({
        method: 'POST',
        url: `${U}/withdrawal`,
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '50' },
      }),
    );
    expect(later.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
  });

  it('a password change is audited and holds withdrawals too', async () => {
    const kay = await registerByEmail(t, 'kayla', 'kayla@example.com');
    const res = await post(
      t,
      `${U}/repassword`,
      { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: kay.token },
    );
    expect(res.code, res.msg).toBe(Ok.MODIFIED);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'security.password_changed'), eq(auditLog.targetId, kay.user.id)));
    expect(rows).toHaveLength(1);
    const u: TestUser = { id: BigInt(kay.user.id), token: kay.token, username: 'kayla' };
    await fund(t.app, u.id, 'USDT', '100');
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: `${U}/withdrawal`,
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '50' },
      }),
    );
    expect(w.code).toBe(Err.WITHDRAWAL_HELD_AFTER_RESET);
  });

  it('a withdrawal above the four-eyes amount needs two different operators', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '5000');
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: `${U}/withdrawal`,
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '2000' },
      }),
    );
    expect(w.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    const payout = { payoutTxHash: 'b'.repeat(64) };
    const beforeFirst = await counts(t.app);
    const first = await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/approve`, payout);
    expect(first.code).toBe(Ok.SUCCESS);
    expect(first.result).toMatchObject({ status: 'pending', firstApprovedBy: String(op.id), payoutTxHash: null });
    const afterFirst = await counts(t.app);
    expect(afterFirst).toMatchObject({ transfers: beforeFirst.transfers, audit: beforeFirst.audit + 1 }); // recorded, no money moved
    // the same operator again: refused, nothing written
    expect((await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/approve`, payout)).code).toBe(
      Err.SECOND_OPERATOR_REQUIRED,
    );
    expect(await counts(t.app)).toEqual(afterFirst);
    const second = await adminCall(t.app, other, 'POST', `/withdrawals/${w.result.id}/approve`, payout);
    expect(second.result).toMatchObject({ status: 'approved', reviewedBy: String(other.id), firstApprovedBy: String(op.id) });
  });

  it('a deposit above the four-eyes amount needs two different operators; a small one needs one', async () => {
    const u = await createUser(t.app);
    const big = body(await recharge(t.app, u, rechargeFields({ amount: '1500' })));
    expect(big.code).toBe(Ok.RECHARGE_SUBMITTED);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${big.result.id}/approve`, {})).result.status).toBe('pending');
    expect((await adminCall(t.app, op, 'POST', `/deposits/${big.result.id}/approve`, {})).code).toBe(
      Err.SECOND_OPERATOR_REQUIRED,
    );
    expect((await adminCall(t.app, other, 'POST', `/deposits/${big.result.id}/approve`, {})).result.status).toBe('approved');
    const small = body(await recharge(t.app, u, rechargeFields({ amount: '900' })));
    expect((await adminCall(t.app, op, 'POST', `/deposits/${small.result.id}/approve`, {})).result.status).toBe('approved');
    // a rejection needs one operator
    const again = body(await recharge(t.app, u, rechargeFields({ amount: '5000' })));
    expect(
      (await adminCall(t.app, op, 'POST', `/deposits/${again.result.id}/reject`, { reason: 'not received' })).result.status,
    ).toBe('rejected');
  });

  it('operators add and disable operators with a second operator, audited; the disabled one is signed out; nobody disables themselves', async () => {
    const proposed = await adminCall(t.app, op, 'POST', '/operators', {
      username: 'second_op',
      email: 'second.op@example.com',
      password: 'Amber-Falcon-73',
    });
    expect(proposed.code, proposed.msg).toBe(Ok.SUCCESS);
    expect(proposed.result).toMatchObject({ kind: 'create', status: 'pending', targetName: 'second_op' });
    const created = await adminCall(t.app, other, 'POST', `/operator-proposals/${proposed.result.id}/confirm`);
    expect(created.result).toMatchObject({ status: 'confirmed' });
    const login = await post(t, `${L}/login`, { account: 'second_op', password: 'Amber-Falcon-73' });
    expect(login.result.user.role).toBe('operator');
    const second: TestUser = { id: BigInt(created.result.targetId), token: login.result.token, username: 'second_op' };
    expect(
      (await adminCall(t.app, second, 'GET', '/operators')).result.rows.map((r: { username: string }) => r.username),
    ).toContain('second_op');

    expect((await adminCall(t.app, second, 'POST', `/operators/${second.id}/disable`)).code).toBe(Err.OPERATOR_SELF_DISABLE);
    const disabling = await adminCall(t.app, op, 'POST', `/operators/${second.id}/disable`);
    expect((await adminCall(t.app, other, 'POST', `/operator-proposals/${disabling.result.id}/confirm`)).result.status).toBe(
      'confirmed',
    );
    expect((await adminCall(t.app, second, 'GET', '/operators')).code).toBe(Err.LOGIN_REQUIRED);
    const actions = (
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(second.id))))
    ).map((a) => [a.action, a.actorId]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['operator.create', other.id],
        ['operator.disable', other.id],
      ]),
    );
    // weak passwords and customers are refused
    expect(
      (
        await adminCall(t.app, op, 'POST', '/operators', {
          username: 'third_op',
          email: 'third@example.com',
          password: 'password1',
        })
      ).code,
    ).not.toBe(Ok.SUCCESS);
    const customer = await createUser(t.app);
    expect(
      (
        await adminCall(t.app, customer, 'POST', '/operators', {
          username: 'x_op',
          email: 'x@example.com',
          password: 'Amber-Falcon-73',
        })
      ).code,
    ).toBe(Err.OPERATOR_ONLY);
  });
});
