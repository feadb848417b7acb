import { count, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { recoveryCodes, totpCredentials } from '../../../server/auth/twofactor/schema.ts';
import { sessions } from '../../../server/auth/schema.ts';
import { withdrawals } from '../../../server/wallet/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { STEP_UP_HEADER } from '../../../src/contract/twoFactor.ts';
import { usingPostgres, useTestApp, type TestApp } from '../helpers.ts';
import { L, PASSWORD, post, registerByEmail, U } from '../auth.helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { ADDR, adminCall, createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';

/**
 * Two-factor sign-in (docs/security.md, "Two-factor sign-in"): with it on, a stolen password
 * alone cannot sign in, withdraw or turn it off; guessing is throttled with the password's
 * parallel-safe reservation; a code works once; a recovery code works once. Operators must have
 * it to review money (this app turns OPERATOR_2FA_REQUIRED on). The anti-phishing phrase opens
 * every mail to the user, in the mail's language.
 */
describe(`two-factor sign-in and anti-phishing (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, operator2faRequired: true }));
  const code = (secret: string) => generateSync({ secret, epoch: Math.floor(clock.now() / 1000) });
  const nextStep = () => clock.ms(30_000);
  const n = async (table: typeof sessions | typeof withdrawals | typeof totpCredentials) =>
    (await t.app.db.select({ n: count() }).from(table))[0].n;

  /** Registers and turns two-factor on; returns the session, the secret and the recovery codes. */
  async function enrolled(name: string) {
    const reg = await registerByEmail(t, name, `${name}@example.com`);
    const setup = await post(t, `${U}/twoFactor/setup`, {}, { token: reg.token });
    expect(setup.code, setup.msg).toBe(Ok.SUCCESS);
    const secret = setup.result.secret as string;
    const on = await post(t, `${U}/twoFactor/enable`, { code: code(secret) }, { token: reg.token });
    expect(on.code, on.msg).toBe(Ok.SUCCESS);
    nextStep();
    return { token: reg.token as string, id: BigInt(reg.user.id), name, secret, recovery: on.result.recoveryCodes as string[] };
  }

  const login = (name: string, password = PASSWORD) => post(t, `${L}/login`, { account: name, password });
  const second = (challenge: string, c: string) => post(t, `${L}/loginTwoFactor`, { challenge, code: c });

  it('enrolment: a wrong first code enables nothing; the secret is sealed, ten recovery codes are shown once and kept hashed', async () => {
    const reg = await registerByEmail(t, 'tf_enrol', 'tf_enrol@example.com');
    const setup = await post(t, `${U}/twoFactor/setup`, {}, { token: reg.token });
    expect(setup.result.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.result.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = setup.result.secret as string;
    const wrong = String((Number(code(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await post(t, `${U}/twoFactor/enable`, { code: wrong }, { token: reg.token })).code).toBe(Err.TWO_FACTOR_CODE_WRONG);
    const on = await post(t, `${U}/twoFactor/enable`, { code: code(secret) }, { token: reg.token });
    expect(on.code, on.msg).toBe(Ok.SUCCESS);
    expect(on.result.recoveryCodes).toHaveLength(10);
    const [cred] = await t.app.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, BigInt(reg.user.id)));
    expect(cred.enabledAt).not.toBeNull();
    expect(cred.secretSealed).not.toContain(secret);
    const rows = await t.app.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, BigInt(reg.user.id)));
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(r.codeHash.startsWith('$argon2id$')).toBe(true);
    expect(rows.map((r) => r.codeHash).join(' ')).not.toContain((on.result.recoveryCodes[0] as string).replace(/-/g, ''));
    // a second enrolment is refused while it is on
    expect((await post(t, `${U}/twoFactor/setup`, {}, { token: reg.token })).code).toBe(Err.TWO_FACTOR_ALREADY_ON);
  });

  it('a stolen password alone opens no session; the code does, once: a replayed code is refused', async () => {
    const u = await enrolled('tf_login');
    const before = await n(sessions);
    const step = await login(u.name);
    expect(step.code, step.msg).toBe(Ok.SUCCESS);
    expect(step.result).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300 });
    expect(step.result.token).toBeUndefined();
    expect(await n(sessions)).toBe(before);
    const c = code(u.secret);
    const wrong = String((Number(c) + 1) % 1_000_000).padStart(6, '0');
    expect((await second(step.result.challenge, wrong)).code).toBe(Err.TWO_FACTOR_CODE_WRONG);
    expect(await n(sessions)).toBe(before);
    const ok = await second(step.result.challenge, c);
    expect(ok.code, ok.msg).toBe(Ok.SUCCESS);
    expect(ok.result.token).toEqual(expect.any(String));
    // the challenge opened one session; used again it is gone
    expect((await second(step.result.challenge, c)).code).toBe(Err.TWO_FACTOR_CHALLENGE_EXPIRED);
    // the same code with a new challenge, in the same 30 seconds: a replay
    const again = await login(u.name);
    expect((await second(again.result.challenge, c)).code).toBe(Err.TWO_FACTOR_CODE_USED);
    nextStep();
    expect((await second(again.result.challenge, code(u.secret))).code).toBe(Ok.SUCCESS);
    // a challenge lives 5 minutes on the platform clock
    const late = await login(u.name);
    clock.ms(5 * 60_000 + 1);
    expect((await second(late.result.challenge, code(u.secret))).code).toBe(Err.TWO_FACTOR_CHALLENGE_EXPIRED);
  });

  it('40 parallel wrong codes: at most the 5 free ones are compared, the rest wait (10049), the right code too', async () => {
    const u = await enrolled('tf_guess');
    const step = await login(u.name);
    const right = code(u.secret);
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => second(step.result.challenge, g)));
    const compared = answers.filter((a) => a.code === Err.TWO_FACTOR_CODE_WRONG).length;
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === Err.LOGIN_THROTTLED)).toHaveLength(40 - compared);
    expect((await second(step.result.challenge, right)).code).toBe(Err.LOGIN_THROTTLED);
  });

  it('step-up: a session (or a stolen password) cannot withdraw, change the password or turn two-factor off without a fresh code', async () => {
    const u = await enrolled('tf_stepup');
    await fund(t.app, u.id, 'USDT', '100');
    const withdraw = (headers: Record<string, string> = {}) =>
      t.app
        .inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: { authorization: u.token, virtually: 'YES', ...headers },
          payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '20' },
        })
        .then((r) => r.json() as { code: number; msg: string });
    const before = await n(withdrawals);
    expect((await withdraw()).code).toBe(Err.TWO_FACTOR_CODE_REQUIRED);
    expect((await withdraw({ [STEP_UP_HEADER]: '000000' === code(u.secret) ? '111111' : '000000' })).code).toBe(
      Err.TWO_FACTOR_CODE_WRONG,
    );
    expect(await n(withdrawals)).toBe(before);
    const c = code(u.secret);
    expect((await withdraw({ [STEP_UP_HEADER]: c })).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    // the same code again is a replay
    expect((await withdraw({ [STEP_UP_HEADER]: c })).code).toBe(Err.TWO_FACTOR_CODE_USED);
    expect(await n(withdrawals)).toBe(before + 1);
    nextStep();

    const change = { oldPassword: PASSWORD, password: 'Quiet-Heron-77', confirmPassword: 'Quiet-Heron-77' };
    expect((await post(t, `${U}/repassword`, change, { token: u.token })).code).toBe(Err.TWO_FACTOR_CODE_REQUIRED);
    const changed = await post(t, `${U}/repassword`, change, { token: u.token, headers: { [STEP_UP_HEADER]: code(u.secret) } });
    expect(changed.code, changed.msg).toBe(Ok.MODIFIED);
    nextStep();

    // off needs the password AND a code: either alone is refused and it stays on
    expect(
      (
        await post(
          t,
          `${U}/twoFactor/disable`,
          { password: 'Quiet-Heron-77', code: '123456' === code(u.secret) ? '654321' : '123456' },
          { token: u.token },
        )
      ).code,
    ).toBe(Err.TWO_FACTOR_CODE_WRONG);
    expect(
      (await post(t, `${U}/twoFactor/disable`, { password: 'Wrong-Pass-99', code: code(u.secret) }, { token: u.token })).code,
    ).toBe(Err.PASSWORD_WRONG);
    expect((await t.app.db.select().from(totpCredentials).where(eq(totpCredentials.userId, u.id)))[0].enabledAt).not.toBeNull();
  });

  it('a recovery code signs in once and turns two-factor off with the password', async () => {
    const u = await enrolled('tf_recover');
    const step = await login(u.name);
    const ok = await second(step.result.challenge, u.recovery[0].toLowerCase());
    expect(ok.code, ok.msg).toBe(Ok.SUCCESS);
    const again = await login(u.name);
    expect((await second(again.result.challenge, u.recovery[0])).code).toBe(Err.TWO_FACTOR_CODE_USED);
    const status = await t.app.inject({ method: 'GET', url: `${U}/twoFactor`, headers: { authorization: u.token } });
    expect(status.json().result).toMatchObject({ enabled: true, recoveryCodesLeft: 9, required: false });
    const off = await post(t, `${U}/twoFactor/disable`, { password: PASSWORD, code: u.recovery[1] }, { token: u.token });
    expect(off.code, off.msg).toBe(Ok.SUCCESS);
    expect(await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))).toHaveLength(0);
    // off: the password alone signs in again
    expect((await login(u.name)).result.token).toEqual(expect.any(String));
  });

  it('operators: no money review before enrolling (10217), then only with a fresh code', async () => {
    const op: TestUser = await createUser(t.app, 'operator');
    const r = await adminCall(t.app, op, 'POST', '/deposits/999999/approve', {});
    expect(r.code, r.msg).toBe(Err.OPERATOR_TWO_FACTOR_REQUIRED);
    expect((await adminCall(t.app, op, 'POST', '/withdrawals/999999/reject', { reason: 'x' })).code).toBe(
      Err.OPERATOR_TWO_FACTOR_REQUIRED,
    );
    expect((await adminCall(t.app, op, 'POST', '/loans/999999/approve', {})).code).toBe(Err.OPERATOR_TWO_FACTOR_REQUIRED);
    expect((await adminCall(t.app, op, 'POST', '/operator-proposals/999999/confirm')).code).toBe(
      Err.OPERATOR_TWO_FACTOR_REQUIRED,
    );
    const status = await t.app.inject({ method: 'GET', url: `${U}/twoFactor`, headers: { authorization: op.token } });
    expect(status.json().result).toMatchObject({ enabled: false, required: true });
    const setup = await post(t, `${U}/twoFactor/setup`, {}, { token: op.token });
    expect((await post(t, `${U}/twoFactor/enable`, { code: code(setup.result.secret) }, { token: op.token })).code).toBe(
      Ok.SUCCESS,
    );
    nextStep();
    expect((await adminCall(t.app, op, 'POST', '/deposits/999999/approve', {})).code).toBe(Err.REVIEW_WINDOW_CLOSED);
    const withCode = await t.app.inject({
      method: 'POST',
      url: '/admin-api/deposits/999999/approve',
      payload: {},
      headers: { authorization: op.token, [STEP_UP_HEADER]: code(setup.result.secret) },
    });
    // past the gate: the handler answers for the (missing) deposit
    expect(withCode.json().code).toBe(Err.RECORD_NOT_FOUND);
  });

  it("anti-phishing: every mail after the phrase is set opens with it, in the mail's language; the outbox keeps it masked", async () => {
    const reg = await registerByEmail(t, 'tf_phrase', 'tf_phrase@example.com');
    expect((await post(t, `${U}/antiPhishing`, { phrase: 'ab' }, { token: reg.token })).code).toBe(
      Err.ANTI_PHISHING_PHRASE_INVALID,
    );
    expect((await post(t, `${U}/antiPhishing`, { phrase: '<script>' }, { token: reg.token })).code).toBe(
      Err.ANTI_PHISHING_PHRASE_INVALID,
    );
    const set = await post(t, `${U}/antiPhishing`, { phrase: '  Blue  Otter 7 ' }, { token: reg.token });
    expect(set.result).toEqual({ phrase: 'Blue Otter 7' });
    // a reset code asked for in Spanish: the line is in Spanish
    expect(
      (await post(t, `${L}/sendCode`, { email: 'tf_phrase@example.com', purpose: 'reset' }, { headers: { lang: 'es' } })).code,
    ).toBe(Ok.SUCCESS);
    const mail = t.app.accounts.devConsoleMessageTo('tf_phrase@example.com')!;
    expect(mail.body).toMatch(/^Su código antiphishing: Blue Otter 7\n\nSu código de verificación es [0-9]{6}/);
    const [kept] = await t.app.db.select().from(outbox).where(eq(outbox.recipient, 'tf_phrase@example.com')).orderBy(outbox.id);
    const rows = await t.app.db.select().from(outbox).where(eq(outbox.recipient, 'tf_phrase@example.com'));
    expect(rows.at(-1)!.body).toMatch(/^Su código antiphishing: ••••\n\n/);
    expect(kept.body).not.toContain('Blue Otter');
    // a security notice goes in the account's language: Japanese after the switch
    await post(t, `${U}/language`, { language: 'ja' }, { token: reg.token });
    const setup = await post(t, `${U}/twoFactor/setup`, {}, { token: reg.token });
    expect((await post(t, `${U}/twoFactor/enable`, { code: code(setup.result.secret) }, { token: reg.token })).code).toBe(
      Ok.SUCCESS,
    );
    expect(t.app.accounts.devConsoleMessageTo('tf_phrase@example.com')!.body).toMatch(
      /^あなたのフィッシング対策コード：Blue Otter 7\n\n/,
    );
  });
});

export type { TestApp };
