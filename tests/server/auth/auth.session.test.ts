import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loginFailures, sessions } from '../../../server/auth/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { FREE_FAILURES } from '../../../server/auth/throttle.ts';
import { hashToken } from '../../../server/auth/sessions.ts';
import { useTestApp } from '../helpers.ts';
import { marketClock } from '../trading/tradingFixtures.ts';
import {
  codeFromOutbox,
  counts,
  freshIp,
  L,
  PASSWORD,
  post,
  registerByEmail,
  registerByPhone,
  U,
  userRow,
} from '../auth.helpers.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

describe('login, sessions, getUserInfo, repassword, logout', () => {
  // sessions and sign-in throttling live on the platform clock (docs/design.md, "Time"): the
  // tests move time with it, never by rewriting rows
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  // two users no test changes: Alice (e-mail) and kenji (phone); tests that change a user make their own
  beforeAll(async () => {
    await registerByEmail(t, 'Alice', 'alice@example.com');
    await registerByPhone(t, 'kenji', '912345678', '+81');
  });

  const login = (account: string, password = PASSWORD, extra: Record<string, string> = {}, ip?: string) =>
    post(t, `${L}/login`, { account, password, ...extra }, { ip });

  it('logs in by username, e-mail and phone (any case); result is token plus profile', async () => {
    for (const account of ['alice', 'ALICE', 'alice@example.com', 'Alice@Example.COM']) {
      const res = await login(account);
      expect(res.code, account).toBe(Ok.SUCCESS);
      expect(res.result.user).toMatchObject({ username: 'Alice', email: 'alice@example.com' });
      expect(typeof res.result.token).toBe('string');
    }
    expect((await login('912345678', PASSWORD, { areaCode: '+81' })).result.user.username).toBe('kenji');
    expect((await login('+81912345678')).result.user.username).toBe('kenji');
    expect((await login('0912345678', PASSWORD, { areaCode: '81' })).result.user.username).toBe('kenji');
  });

  it('refuses: unknown user and wrong password both 10004 with one message, empty account 10001, disabled 10005', async () => {
    const unknown = [await login('nobody'), await login('nobody@example.com'), await login('+81900000000')];
    const wrong = await login('alice', 'Wrong1234');
    expect(wrong.code).toBe(Err.PASSWORD_WRONG);
    for (const res of unknown)
      expect({ code: res.code, msg: res.msg, result: res.result }).toEqual({ code: wrong.code, msg: wrong.msg, result: null });
    expect((await login('  ')).code).toBe(Err.USERNAME_OR_EMAIL_REQUIRED);
    expect((await login('bad@')).code).toBe(Err.EMAIL_INVALID);
    expect((await login('123', PASSWORD, { areaCode: '+81' })).code).toBe(Err.PHONE_INVALID);
    await registerByEmail(t, 'dora', 'dora@example.com');
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'dora'));
    expect((await login('dora')).code).toBe(Err.USER_STATUS_ABNORMAL);
    // a disabled user's wrong password still says wrong password
    expect((await login('dora', 'Wrong1234')).code).toBe(Err.PASSWORD_WRONG);
  });

  it('getUserInfo: profile, selected book, 100000 USDT demo and 0 real; 401 without a session', async () => {
    const { result } = await login('alice');
    const demo = await post(t, `${U}/getUserInfo`, undefined, { token: result.token, headers: { virtually: 'NO' } });
    expect(demo.code).toBe(Ok.SUCCESS);
    expect(demo.result.book).toBe('demo');
    expect(demo.result.user).toMatchObject({ username: 'Alice', kycStatus: 'none', smartEnabled: true, role: 'customer' });
    expect(demo.result.user.id).toMatch(/^[0-9]+$/);
    expect(demo.result.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const usdt = (b: { assets: Array<{ asset: string }> }) => b.assets.find((a) => a.asset === 'USDT');
    expect(usdt(demo.result.balances.demo)).toEqual({
      asset: 'USDT',
      available: '100000.000000',
      total: '100000.000000',
      totalUsdt: '100000.000000',
    });
    expect(usdt(demo.result.balances.real)).toEqual({
      asset: 'USDT',
      available: '0.000000',
      total: '0.000000',
      totalUsdt: '0.000000',
    });
    expect(demo.result.balances.demo.assets.map((a: { asset: string }) => a.asset)).toEqual(['USDT', 'BTC', 'ETH']);

    const real = await post(t, `${U}/getUserInfo`, undefined, { token: result.token, headers: { virtually: 'YES' } });
    expect(real.result.book).toBe('real');
    expect(real.result.balances.real.totalUsdt).toBe('0.000000');
    expect(real.result.balances.demo.totalUsdt).toBe('100000.000000');
    // no header = demo
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: result.token })).result.book).toBe('demo');

    expect((await post(t, `${U}/getUserInfo`)).code).toBe(Err.LOGIN_REQUIRED);
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: 'not-a-token' })).code).toBe(Err.LOGIN_REQUIRED);
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: 'x'.repeat(10 * 1024) })).code).toBe(Err.LOGIN_REQUIRED);
  });

  it('an expired session gets 401', async () => {
    const { result } = await login('alice');
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(result.token)));
    // its absolute limit an hour from now (written on the platform clock, which the check reads)
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now() + 3600_000) })
      .where(eq(sessions.id, row.id));
    // in use every quarter of an hour (never idle too long): alive until a second before the hour
    for (const step of [15, 15, 15, 15 - 1 / 60]) {
      clock.ms(step * 60_000);
      expect((await post(t, `${U}/getUserInfo`, undefined, { token: result.token })).code).toBe(Ok.SUCCESS);
    }
    clock.ms(1000);
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: result.token })).code).toBe(Err.LOGIN_REQUIRED);
  });

  it('logout revokes the session: the old token then gets 401, other sessions live on', async () => {
    const a = (await login('alice')).result.token;
    const b = (await login('alice')).result.token;
    const out = await post(t, `${L}/logout`, undefined, { token: a });
    expect(out.code).toBe(Ok.SUCCESS);
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: a })).code).toBe(Err.LOGIN_REQUIRED);
    expect((await post(t, `${L}/logout`, undefined, { token: a })).code).toBe(Err.LOGIN_REQUIRED);
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: b })).code).toBe(Ok.SUCCESS);
  });

  it('change password: needs the old one, keeps this session, ends the others (401)', async () => {
    await registerByEmail(t, 'chris', 'chris@example.com');
    const mine = (await login('chris')).result.token;
    const other = (await login('chris')).result.token;
    const change = (body: Record<string, unknown>, token?: string) => post(t, `${U}/repassword`, body, { token });
    expect(
      (await change({ oldPassword: PASSWORD, password: 'Copper-Viola-918', confirmPassword: 'Copper-Viola-918' })).code,
    ).toBe(Err.LOGIN_REQUIRED);
    expect(
      (await change({ oldPassword: 'Wrong9999', password: 'Copper-Viola-918', confirmPassword: 'Copper-Viola-918' }, mine)).code,
    ).toBe(Err.PASSWORD_WRONG);
    expect(
      (await change({ oldPassword: PASSWORD, password: 'Copper-Viola-918', confirmPassword: 'Copper-Viola-917' }, mine)).code,
    ).toBe(Err.PASSWORDS_DIFFER);
    expect((await change({ oldPassword: PASSWORD, password: 'weak', confirmPassword: 'weak' }, mine)).code).toBe(
      Err.PASSWORD_TOO_WEAK,
    );
    expect((await change({ oldPassword: PASSWORD, password: 'password1', confirmPassword: 'password1' }, mine)).code).toBe(
      Err.PASSWORD_COMMON,
    );
    expect((await change({ oldPassword: PASSWORD, password: 'qwerty123', confirmPassword: 'qwerty123' }, mine)).code).toBe(
      Err.PASSWORD_COMMON,
    );
    expect((await change({ oldPassword: PASSWORD, password: 'Chris-2024x', confirmPassword: 'Chris-2024x' }, mine)).code).toBe(
      Err.PASSWORD_HAS_NAME,
    );
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: other })).code).toBe(Ok.SUCCESS);

    const ok = await change({ oldPassword: PASSWORD, password: 'Copper-Viola-918', confirmPassword: 'Copper-Viola-918' }, mine);
    expect(ok.code).toBe(Ok.MODIFIED);
    expect(ok.result).toBeNull();
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: other })).code).toBe(Err.LOGIN_REQUIRED);
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: mine })).code).toBe(Ok.SUCCESS);
    expect((await login('chris')).code).toBe(Err.PASSWORD_WRONG);
    expect((await login('chris', 'Copper-Viola-918')).code).toBe(Ok.SUCCESS);
    // the hash is argon2id at the OWASP parameters, never the password
    const row = await userRow(t, 'chris');
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('reset password with a code: every session ends, the new password works', async () => {
    await registerByEmail(t, 'rita', 'rita@example.com');
    const s1 = (await login('rita')).result.token;
    expect((await post(t, `${L}/sendCode`, { email: 'rita@example.com', purpose: 'reset' })).code).toBe(Ok.SUCCESS);
    const code = await codeFromOutbox(t, 'rita@example.com');
    const reset = (b: Record<string, unknown>) =>
      post(t, `${U}/repassword`, {
        email: 'rita@example.com',
        password: 'Fresh-Marble-789',
        confirmPassword: 'Fresh-Marble-789',
        ...b,
      });
    const before = await counts(t);
    expect((await reset({ code: code === '000000' ? '000001' : '000000' })).code).toBe(Err.VERIFY_CODE_WRONG);
    expect((await reset({ code: undefined })).code).toBe(Err.VERIFY_CODE_WRONG);
    expect((await reset({ code, email: 'other@example.com' })).code).toBe(Err.USER_NOT_FOUND);
    expect((await reset({ code, email: undefined })).code).toBe(Err.USERNAME_OR_EMAIL_REQUIRED);
    expect((await reset({ code, confirmPassword: 'Fresh-Marble-788' })).code).toBe(Err.PASSWORDS_DIFFER);
    for (const weak of ['password1', 'qwerty123'])
      expect((await reset({ code, password: weak, confirmPassword: weak })).code, weak).toBe(Err.PASSWORD_COMMON);
    // the username is checked only after the code (before it, the refusal would tell a stranger the username)
    expect(
      (await reset({ code: code === '000000' ? '000001' : '000000', password: 'RITA-4ever', confirmPassword: 'RITA-4ever' }))
        .code,
    ).toBe(Err.VERIFY_CODE_WRONG);
    expect((await reset({ code, password: 'RITA-4ever', confirmPassword: 'RITA-4ever' })).code).toBe(Err.PASSWORD_HAS_NAME);
    expect(await counts(t)).toEqual(before);
    // a register code does not reset a password
    expect((await post(t, `${L}/sendCode`, { email: 'newbie@example.com', purpose: 'register' })).code).toBe(Ok.SUCCESS);
    const regCode = await codeFromOutbox(t, 'newbie@example.com');
    expect(
      (
        await post(t, `${U}/repassword`, {
          email: 'newbie@example.com',
          code: regCode,
          password: 'Fresh-Marble-789',
          confirmPassword: 'Fresh-Marble-789',
        })
      ).code,
    ).toBe(Err.USER_NOT_FOUND);

    const ok = await reset({ code });
    expect(ok.code).toBe(Ok.MODIFIED);
    expect((await post(t, `${U}/getUserInfo`, undefined, { token: s1 })).code).toBe(Err.LOGIN_REQUIRED);
    expect((await login('rita')).code).toBe(Err.PASSWORD_WRONG);
    expect((await login('rita', 'Fresh-Marble-789')).code).toBe(Ok.SUCCESS);
    // the code is spent
    expect((await reset({ code })).code).toBe(Err.VERIFY_CODE_EXPIRED);
  });

  it('reset by phone', async () => {
    await registerByPhone(t, 'yuki', '912345679', '+81');
    expect((await post(t, `${L}/sendCode`, { phone: '912345679', areaCode: '+81', purpose: 'reset' })).code).toBe(Ok.SUCCESS);
    const code = await codeFromOutbox(t, '+81912345679');
    const ok = await post(t, `${U}/repassword`, {
      phone: '912345679',
      areaCode: '+81',
      code,
      password: 'Phone-Walrus-789',
      confirmPassword: 'Phone-Walrus-789',
    });
    expect(ok.code).toBe(Ok.MODIFIED);
    expect((await login('yuki', 'Phone-Walrus-789')).code).toBe(Ok.SUCCESS);
  });

  it('repeated failures are slowed per account (10049 with seconds, even for the right password); success clears the account counter', async () => {
    await registerByEmail(t, 'tom', 'tom@example.com');
    const tom = await userRow(t, 'tom');
    for (let i = 0; i < FREE_FAILURES.acct - 1; i++) expect((await login('tom', 'Wrong1234')).code).toBe(Err.PASSWORD_WRONG);
    // a success before the limit clears the count
    expect((await login('tom')).code).toBe(Ok.SUCCESS);
    expect(
      await t.app.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.key, `acct:${tom.id}`)),
    ).toHaveLength(0);
    for (let i = 0; i < FREE_FAILURES.acct; i++) expect((await login('tom', 'Wrong1234')).code).toBe(Err.PASSWORD_WRONG);
    const throttled = await login('tom');
    expect(throttled.code).toBe(Err.LOGIN_THROTTLED);
    expect(throttled.msg).toMatch(/1[0-5] seconds/);
    // after the wait (the clock moves a minute on), the right password works and clears the counter
    clock.ms(60_000);
    expect((await login('tom')).code).toBe(Ok.SUCCESS);
    // the wait doubles with each further failure
    for (let i = 0; i < FREE_FAILURES.acct; i++) await login('tom', 'Wrong1234');
    // 15 s after the fifth failure the sixth may be tried, and then waits 30 s
    clock.ms(20_000);
    expect((await login('tom', 'Wrong1234')).code).toBe(Err.PASSWORD_WRONG);
    const longer = await login('tom');
    expect(longer.code).toBe(Err.LOGIN_THROTTLED);
    expect(Number(/(\d+) seconds/.exec(longer.msg)![1])).toBeGreaterThan(15);
  });

  it('throttling holds under parallel requests: of 40 parallel guesses from 40 addresses at most the free ones are checked; the right password among them is then refused', async () => {
    await registerByEmail(t, 'para', 'para@example.com');
    const tally = (rs: Array<{ code: number }>) => {
      const n: Record<number, number> = {};
      for (const r of rs) n[r.code] = (n[r.code] ?? 0) + 1;
      return n;
    };
    const first = tally(await Promise.all(Array.from({ length: 40 }, () => login('para', 'Wrong1234', {}, freshIp()))));
    // every attempt is counted before the password check: only the free ones reach it
    expect(first[Err.PASSWORD_WRONG]).toBe(FREE_FAILURES.acct);
    expect(first[Err.LOGIN_THROTTLED]).toBe(40 - FREE_FAILURES.acct);
    // the limit is reached: the right password sent among 40 wrong ones is not accepted
    const mixed = [
      ...Array.from({ length: 20 }, () => login('para', 'Wrong1234', {}, freshIp())),
      login('para', PASSWORD, {}, freshIp()),
      ...Array.from({ length: 20 }, () => login('para', 'Wrong1234', {}, freshIp())),
    ];
    const second = await Promise.all(mixed);
    expect(second[20].code).toBe(Err.LOGIN_THROTTLED);
    expect(tally(second)).toEqual({ [Err.LOGIN_THROTTLED]: 41 });
    // per address too: 25 parallel attempts from one address on unknown accounts, at most the free ones count
    const ip = freshIp();
    const perIp = tally(await Promise.all(Array.from({ length: 25 }, (_, i) => login(`nobody${i}`, PASSWORD, {}, ip))));
    expect(perIp[Err.PASSWORD_WRONG], JSON.stringify(perIp)).toBe(FREE_FAILURES.ip);
    expect(perIp[Err.LOGIN_THROTTLED]).toBe(25 - FREE_FAILURES.ip);
  });

  it('an unknown account is not revealed: same code and message, one password verification either way, and the same waits', async () => {
    await registerByEmail(t, 'timo', 'timo@example.com');
    // the time an answer takes is what would reveal it: counted as argon2 verifications (each
    // costs the same, about 50 ms), not as wall time, which a busy machine makes meaningless
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const attempt = async (account: string) => {
        verify.mockClear();
        const res = await login(account, 'Wrong1234', {}, freshIp());
        return { code: res.code, msg: res.msg, verifications: verify.mock.calls.length };
      };
      for (let i = 0; i < FREE_FAILURES.acct; i++) {
        const k = await attempt('timo');
        const u = await attempt(`ghost_t${i}`);
        expect(u.code).toBe(Err.PASSWORD_WRONG);
        expect(u).toEqual(k);
        expect(u.verifications).toBe(1);
      }
    } finally {
      verify.mockRestore();
    }
    // the waits: after the free failures an unknown name waits like an account (10049), whatever the address
    for (let i = 0; i < FREE_FAILURES.acct; i++)
      expect((await login('Ghost_W', 'Wrong1234', {}, freshIp())).code).toBe(Err.PASSWORD_WRONG);
    expect((await login('ghost_w', 'Wrong1234', {}, freshIp())).code).toBe(Err.LOGIN_THROTTLED);
    expect((await login('timo', 'Wrong1234', {}, freshIp())).code).toBe(Err.LOGIN_THROTTLED);
    // e-mail and phone names are normalised alike: any case, national or international form
    for (let i = 0; i < FREE_FAILURES.acct; i++) {
      expect((await login(i % 2 ? 'Ghost@Example.com' : 'ghost@example.com', 'Wrong1234', {}, freshIp())).code).toBe(
        Err.PASSWORD_WRONG,
      );
      expect(
        (await login(i % 2 ? '+81 90 1111 2222' : '9011112222', 'Wrong1234', i % 2 ? {} : { areaCode: '+81' }, freshIp())).code,
      ).toBe(Err.PASSWORD_WRONG);
    }
    expect((await login('GHOST@example.com', 'Wrong1234', {}, freshIp())).code).toBe(Err.LOGIN_THROTTLED);
    expect((await login('+819011112222', 'Wrong1234', {}, freshIp())).code).toBe(Err.LOGIN_THROTTLED);
  });

  it('repeated failures are slowed per IP across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < FREE_FAILURES.ip; i++) {
      const res = await login(`ghost${i}`, PASSWORD, {}, ip);
      expect(res.code).toBe(Err.PASSWORD_WRONG);
    }
    const res = await login('alice', PASSWORD, {}, ip);
    expect(res.code).toBe(Err.LOGIN_THROTTLED);
    // another address is not affected
    expect((await login('alice')).code).toBe(Ok.SUCCESS);
  });

  it('bad input to login, repassword and logout: coded refusal, nothing written', async () => {
    const before = await counts(t);
    const big = 'y'.repeat(10 * 1024);
    const cases: Array<[string, string, unknown, number]> = [
      ['login missing password', `${L}/login`, { account: 'alice' }, Err.MALFORMED_REQUEST],
      ['login missing account', `${L}/login`, { password: PASSWORD }, Err.MALFORMED_REQUEST],
      ['login number password', `${L}/login`, { account: 'alice', password: 12345678 }, Err.MALFORMED_REQUEST],
      ['login object account', `${L}/login`, { account: { $ne: null }, password: PASSWORD }, Err.MALFORMED_REQUEST],
      ['login 10 kB account', `${L}/login`, { account: big, password: PASSWORD }, Err.MALFORMED_REQUEST],
      ['login 10 kB password', `${L}/login`, { account: 'alice', password: big }, Err.MALFORMED_REQUEST],
      ['login unknown field', `${L}/login`, { account: 'alice', password: PASSWORD, stayForever: true }, Err.MALFORMED_REQUEST],
      ['login sql', `${L}/login`, { account: "alice' --", password: "' OR '1'='1" }, Err.PASSWORD_WRONG],
      ['login sql email', `${L}/login`, { account: "' OR 1=1 --@x.com", password: PASSWORD }, Err.EMAIL_INVALID],
      ['login script', `${L}/login`, { account: '<script>alert(1)</script>', password: PASSWORD }, Err.PASSWORD_WRONG],
      [
        'repassword missing confirm',
        `${U}/repassword`,
        { email: 'alice@example.com', code: '123456', password: PASSWORD },
        Err.MALFORMED_REQUEST,
      ],
      [
        'repassword unknown field',
        `${U}/repassword`,
        { email: 'alice@example.com', code: '123456', password: PASSWORD, confirmPassword: PASSWORD, userId: '1' },
        Err.MALFORMED_REQUEST,
      ],
      [
        'repassword 10 kB code',
        `${U}/repassword`,
        { email: 'alice@example.com', code: big, password: PASSWORD, confirmPassword: PASSWORD },
        Err.MALFORMED_REQUEST,
      ],
      [
        'repassword sql code',
        `${U}/repassword`,
        { email: 'alice@example.com', code: "' OR 1=1", password: PASSWORD, confirmPassword: PASSWORD },
        Err.VERIFY_CODE_WRONG,
      ],
      [
        'repassword change logged out',
        `${U}/repassword`,
        { oldPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD },
        Err.LOGIN_REQUIRED,
      ],
    ];
    for (const [name, url, payload, code] of cases) {
      const res = await post(t, url, payload);
      expect(res.code, name).toBe(code);
      expect(res.result, name).toBeNull();
    }
    const after = await counts(t);
    expect(after).toEqual(before);
    // login failures are the one thing a refused login writes (that is the throttle)
    expect((await login('alice')).code).toBe(Ok.SUCCESS);
  });

  it('a login with a hash made at weaker parameters upgrades it to the current ones', async () => {
    await registerByEmail(t, 'olga', 'olga@example.com');
    const weak = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.app.db.update(users).set({ passwordHash: weak }).where(eq(users.username, 'olga'));
    expect((await login('olga')).code).toBe(Ok.SUCCESS);
    expect((await userRow(t, 'olga')).passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login('olga')).code).toBe(Ok.SUCCESS);
  });

  it('the first start created an operator, who can log in and is an operator', async () => {
    const ops = await t.app.db.select().from(users).where(eq(users.role, 'operator'));
    expect(ops).toHaveLength(1);
    expect(ops[0].username).toBe('operator');
    expect(ops[0].passwordHash).toMatch(/^\$argon2id\$/);
  });
});
