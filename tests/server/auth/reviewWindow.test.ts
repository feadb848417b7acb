/**
 * The operators' review window (docs/security.md, "Review window"): with two-factor required, one
 * fresh code (or a passkey) opens a window on that session and the money reviews inside it need no
 * code, each audit line naming the window; the window ends at its length, after the idle limit
 * and at sign-out; another session of the same operator has its own; a session token without a
 * window cannot approve. Refusals write nothing.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../server/auth/sessions.ts';
import { reviewWindows } from '../../../server/auth/twofactor/reviewWindowSchema.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { deposits } from '../../../server/wallet/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { STEP_UP_HEADER } from '../../../src/contract/twoFactor.ts';
import { body, buildTestApp, usingPostgres, useTestApp } from '../helpers.ts';
import { post, U } from '../auth.helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { SoftAuthenticator } from '../softAuthenticator.ts';
import { addReceiveAddresses, createUser, recharge, rechargeFields, type TestUser } from '../wallet/walletFixtures.ts';

const MIN = 60_000;

describe(`the operators' review window (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, operator2faRequired: true }));
  const code = (secret: string) => generateSync({ secret, epoch: Math.floor(clock.now() / 1000) });
  beforeAll(async () => {
    await addReceiveAddresses(t.app);
  });

  /** An operator with two-factor on; the clock is past the enrolling code's step. */
  async function enrolledOperator() {
    const op = await createUser(t.app, 'operator');
    const setup = await post(t, `${U}/twoFactor/setup`, {}, { token: op.token });
    const on = await post(t, `${U}/twoFactor/enable`, { code: code(setup.result.secret) }, { token: op.token });
    expect(on.code, on.msg).toBe(Ok.SUCCESS);
    clock.ms(30_000);
    return { ...op, secret: setup.result.secret as string };
  }
  /** Another session of the same operator (another device). */
  const otherSession = async (op: TestUser): Promise<TestUser> => ({
    ...op,
    token: await createSession(t.app.db, op.id, 365 * 86_400_000, { now: clock.now() }),
  });

  async function pendingDeposits(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = body(await recharge(t.app, await createUser(t.app), rechargeFields()));
      expect(r.code, r.msg).toBe(Ok.RECHARGE_SUBMITTED);
      ids.push(r.result.id);
    }
    return ids;
  }

  const review = async (op: TestUser, id: string, c?: string, action: 'approve' | 'reject' = 'approve') =>
    body(
      await t.app.inject({
        method: 'POST',
        url: `/admin-api/deposits/${id}/${action}`,
        payload: action === 'reject' ? { reason: 'no such transaction' } : {},
        headers: { authorization: op.token, ...(c ? { [STEP_UP_HEADER]: c } : {}) },
      }),
    );
  const statusOf = async (id: string) =>
    (
      await t.app.db
        .select({ s: deposits.status })
        .from(deposits)
        .where(eq(deposits.id, BigInt(id)))
    )[0].s;
  const written = async () => ({
    audit: Number((await t.app.db.select({ n: count() }).from(auditLog))[0].n),
    windows: Number((await t.app.db.select({ n: count() }).from(reviewWindows))[0].n),
  });
  const windowOf = async (op: TestUser) =>
    body(await t.app.inject({ method: 'GET', url: '/admin-api/review-window', headers: { authorization: op.token } })).result;

  it('20 approvals after one code, with no waiting: each audit line names the one window', async () => {
    const op = await enrolledOperator();
    const ids = await pendingDeposits(20);
    expect((await windowOf(op)).open).toBe(false);
    const started = clock.now();
    const first = await review(op, ids[0], code(op.secret));
    expect(first.code, first.msg).toBe(Ok.SUCCESS);
    for (const id of ids.slice(1)) {
      clock.ms(2_000); // a reviewer's pace; no code's 30-second step is waited for
      const r = await review(op, id);
      expect(r.code, r.msg).toBe(Ok.SUCCESS);
    }
    expect(clock.now() - started).toBeLessThan(MIN);
    for (const id of ids) expect(await statusOf(id)).toBe('approved');
    const state = await windowOf(op);
    expect(state).toMatchObject({ open: true, window: { factor: 'totp' } });
    expect(state.secondsLeft).toBe(5 * 60); // the idle limit, counted from the last review
    const lines = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, op.id), eq(auditLog.action, 'deposit.approve')));
    expect(lines).toHaveLength(20);
    for (const l of lines) expect(l.reviewWindow).toEqual(state.window);
    expect(new Date(state.window.openedAt).getTime()).toBe(started);
    // the audit log names it on the wire too
    const page = body(
      await t.app.inject({
        method: 'GET',
        url: `/admin-api/audit-log?actorId=${op.id}&pageNum=1&pageSize=50`,
        headers: { authorization: op.token },
      }),
    );
    expect(page.result.rows.filter((r: { action: string }) => r.action === 'deposit.approve')[0].reviewWindow).toEqual(
      state.window,
    );
  });

  it('a stolen session token without the window cannot approve; a wrong code opens nothing; refusals write nothing', async () => {
    const op = await enrolledOperator();
    const [id] = await pendingDeposits(1);
    const before = await written();
    const closed = await review(op, id);
    expect(closed.code, closed.msg).toBe(Err.REVIEW_WINDOW_CLOSED);
    expect(closed.msg).toContain('10 minutes');
    const right = code(op.secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await review(op, id, wrong)).code).toBe(Err.TWO_FACTOR_CODE_WRONG);
    expect(await written()).toEqual(before);
    expect(await statusOf(id)).toBe('pending');
  });

  it('ends at its length even while reviews keep it busy, and after the idle limit; a code opens a new one', async () => {
    const op = await enrolledOperator();
    const ids = await pendingDeposits(5);
    expect((await review(op, ids[0], code(op.secret))).code).toBe(Ok.SUCCESS);
    clock.ms(4 * MIN);
    expect((await review(op, ids[1])).code).toBe(Ok.SUCCESS);
    clock.ms(4 * MIN);
    expect((await review(op, ids[2])).code).toBe(Ok.SUCCESS);
    clock.ms(2 * MIN); // 10 minutes since the code: the end, though the last review was 2 minutes ago
    const before = await written();
    expect((await review(op, ids[3])).code).toBe(Err.REVIEW_WINDOW_CLOSED);
    expect(await written()).toEqual(before);
    expect((await windowOf(op)).open).toBe(false);

    // a new one, then five idle minutes
    const opened = await review(op, ids[3], code(op.secret));
    expect(opened.code, opened.msg).toBe(Ok.SUCCESS);
    clock.ms(5 * MIN - 1_000);
    expect((await windowOf(op)).secondsLeft).toBe(1);
    clock.ms(1_000);
    expect((await review(op, ids[4])).code).toBe(Err.REVIEW_WINDOW_CLOSED);
    expect(await statusOf(ids[4])).toBe('pending');
  });

  it("is the session's own: another session of the operator does not share it, and sign-out ends it", async () => {
    const op = await enrolledOperator();
    const laptop = op;
    const phone = await otherSession(op);
    const ids = await pendingDeposits(3);
    expect((await review(laptop, ids[0], code(op.secret))).code).toBe(Ok.SUCCESS);
    expect((await review(phone, ids[1])).code).toBe(Err.REVIEW_WINDOW_CLOSED);
    expect((await windowOf(phone)).open).toBe(false);
    expect((await review(laptop, ids[1])).code).toBe(Ok.SUCCESS);

    expect((await post(t, '/swx/customer/login/logout', {}, { token: laptop.token })).code).toBe(Ok.SUCCESS);
    const ended = await t.app.db
      .select()
      .from(reviewWindows)
      .where(and(eq(reviewWindows.userId, op.id), isNotNull(reviewWindows.closedAt)));
    expect(ended).toHaveLength(1);
    expect(ended[0].closedAt!.getTime()).toBe(clock.now());
    // the signed-out token is no session at all; the phone still has to open its own
    expect((await review(laptop, ids[2])).code).toBe(401);
    expect((await review(phone, ids[2])).code).toBe(Err.REVIEW_WINDOW_CLOSED);
  });

  it('opens from the console with a code (no review needed), shows the time left, closes by hand', async () => {
    const op = await enrolledOperator();
    const opened = await post(t, '/admin-api/review-window', { code: code(op.secret) }, { token: op.token });
    expect(opened.code, opened.msg).toBe(Ok.SUCCESS);
    expect(opened.result).toMatchObject({ asked: true, open: true, secondsLeft: 5 * 60, window: { factor: 'totp' } });
    // the same code again: used
    expect((await post(t, '/admin-api/review-window', { code: code(op.secret) }, { token: op.token })).code).toBe(
      Err.TWO_FACTOR_CODE_USED,
    );
    const [id] = await pendingDeposits(1);
    expect((await review(op, id, undefined, 'reject')).code).toBe(Ok.SUCCESS);
    const closed = await post(t, '/admin-api/review-window/close', {}, { token: op.token });
    expect(closed.result).toMatchObject({ open: false, secondsLeft: 0 });
  });

  it('a passkey opens it too (an operator with only a passkey); the audit line names the passkey; an answer works once', async () => {
    const op = await createUser(t.app, 'operator');
    const [id] = await pendingDeposits(1);
    // no second factor at all: two-factor required refuses
    expect((await review(op, id)).code).toBe(Err.OPERATOR_TWO_FACTOR_REQUIRED);
    const a = new SoftAuthenticator(t.config.webauthn.rpId, t.config.webauthn.origin);
    const regOptions = await post(t, `${U}/passkeys/options`, {}, { token: op.token });
    const reg = await post(t, `${U}/passkeys/register`, { response: a.register(regOptions.result) }, { token: op.token });
    expect(reg.code, reg.msg).toBe(Ok.SUCCESS);
    expect((await review(op, id)).code).toBe(Err.REVIEW_WINDOW_CLOSED);

    const options = await post(t, '/admin-api/review-window/passkeyOptions', {}, { token: op.token });
    expect(options.code, options.msg).toBe(Ok.SUCCESS);
    expect(options.result.allowCredentials).toHaveLength(1);
    const answer = a.authenticate(options.result);
    const opened = await post(t, '/admin-api/review-window/passkey', { response: answer }, { token: op.token });
    expect(opened.code, opened.msg).toBe(Ok.SUCCESS);
    expect(opened.result).toMatchObject({ open: true, window: { factor: 'passkey' } });
    expect((await post(t, '/admin-api/review-window/passkey', { response: answer }, { token: op.token })).code).toBe(
      Err.PASSKEY_CHALLENGE_EXPIRED,
    );
    expect((await review(op, id)).code).toBe(Ok.SUCCESS);
    const [line] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, op.id), eq(auditLog.action, 'deposit.approve')));
    expect(line.reviewWindow).toEqual(opened.result.window);

    // another operator's challenge is not this one's: options are per account
    const other = await createUser(t.app, 'operator');
    expect((await post(t, '/admin-api/review-window/passkeyOptions', {}, { token: other.token })).code).toBe(Err.PASSKEY_UNKNOWN);
  });

  it.runIf(usingPostgres())(
    'two instances on one database share the window: opened on one, used on the other, ended by a sign-out on either',
    async () => {
      const second = await buildTestApp({ databaseUrl: t.config.databaseUrl, clock: clock.now, operator2faRequired: true });
      try {
        const op = await enrolledOperator();
        const ids = await pendingDeposits(3);
        const on = (app: typeof t.app, id: string, c?: string) =>
          app.inject({
            method: 'POST',
            url: `/admin-api/deposits/${id}/approve`,
            payload: {},
            headers: { authorization: op.token, ...(c ? { [STEP_UP_HEADER]: c } : {}) },
          });
        expect(body(await on(t.app, ids[0], code(op.secret))).code).toBe(Ok.SUCCESS);
        expect(body(await on(second.app, ids[1])).code).toBe(Ok.SUCCESS);
        const lines = await t.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.actorId, op.id), eq(auditLog.action, 'deposit.approve')));
        expect(new Set(lines.map((l) => JSON.stringify(l.reviewWindow))).size).toBe(1);
        expect(
          body(
            await second.app.inject({ method: 'POST', url: '/swx/customer/login/logout', headers: { authorization: op.token } }),
          ).code,
        ).toBe(Ok.SUCCESS);
        expect(body(await on(t.app, ids[2])).code).toBe(401);
        expect(await statusOf(ids[2])).toBe('pending');
      } finally {
        // the first instance's database stays: only this platform closes
        await second.app.close();
      }
    },
  );
});
