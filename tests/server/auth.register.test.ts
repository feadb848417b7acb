import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_CODES } from '../../src/contract/areaCodes.ts';
import { DEMO_GRANT_USDT, VERIFY_CODE_MAX_ATTEMPTS } from '../../src/contract/constants.ts';
import { verificationCodes } from '../../server/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { codeFromOutbox, counts, freshIp, get, L, PASSWORD, post, registerByEmail, userRow, U } from './auth.helpers.ts';

/** Makes the newest code of a target old enough to ask for another (skips the cool-down). */
async function pastCoolDown(t: TestApp, target: string) {
  await t.app.db.update(verificationCodes).set({ createdAt: sql`now() - interval '2 minutes'` }).where(sql`${verificationCodes.target} = ${target}`);
}

describe('registration, verification codes and checkUserNameOrPhone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('offers about 53 area codes with country names', () => {
    expect(AREA_CODES.length).toBeGreaterThanOrEqual(50);
    for (const c of ['+1', '+44', '+81', '+852', '+886']) expect(AREA_CODES.find((a) => a.code === c)?.country).toBeTruthy();
  });

  it('registers by e-mail with a code from the outbox, grants 100000 demo USDT and logs in', async () => {
    const before = await counts(t);
    const sent = await post(t, `${L}/sendCode`, { email: 'Alice@Example.com', purpose: 'register' });
    expect(sent.code).toBe(200);
    expect(sent.result).toMatchObject({ channel: 'email', expiresInSeconds: 600, sentTo: 'a***e@example.com' });
    const code = await codeFromOutbox(t, 'alice@example.com');
    // the code is stored hashed, never in clear
    const rows = await t.app.db.select().from(verificationCodes).where(sql`${verificationCodes.target} = 'alice@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(code);

    const res = await post(t, `${L}/register`, { username: 'alice_1', email: 'Alice@Example.com', password: PASSWORD, confirmPassword: PASSWORD, code });
    expect(res.code, res.msg).toBe(200);
    expect(res.result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.result.user).toMatchObject({ username: 'alice_1', email: 'alice@example.com', phone: null, role: 'customer', kycStatus: 'none', hasPassword: true });
    expect(res.result.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const after = await counts(t);
    expect(after.users).toBe(before.users + 1);
    expect(after.sessions).toBe(before.sessions + 1);
    expect(after.transfers).toBe(before.transfers + 1);

    const info = await post(t, `${U}/getUserInfo`, undefined, { token: res.result.token });
    expect(info.code).toBe(200);
    expect(info.result.balances.demo.totalUsdt).toBe('100000.000000');
    expect(info.result.balances.real.totalUsdt).toBe('0.000000');

    // a code works once
    const again = await post(t, `${L}/register`, { username: 'alice_2', email: 'alice2@example.com', password: PASSWORD, confirmPassword: PASSWORD, code });
    expect(again.code).toBe(10032);
  });

  it('registers by phone with an area code; the phone is stored in E.164 form', async () => {
    const sent = await post(t, `${L}/sendCode`, { phone: '07700 900123', areaCode: '+44', purpose: 'register' });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.result).toMatchObject({ channel: 'sms', sentTo: '+44******0123' });
    const code = await codeFromOutbox(t, '+447700900123');
    const res = await post(t, `${L}/register`, { username: 'bob', phone: '7700900123', areaCode: '44', password: PASSWORD, confirmPassword: PASSWORD, code });
    expect(res.code, res.msg).toBe(200);
    expect(res.result.user).toMatchObject({ username: 'bob', phone: '+447700900123', areaCode: '+44', email: null });
    const login = await post(t, `${L}/login`, { account: '7700900123', areaCode: '+44', password: PASSWORD });
    expect(login.code).toBe(200);
    expect(login.result.user.username).toBe('bob');
  });

  it('checkUserNameOrPhone tells whether a username, e-mail or phone is taken (case-insensitive)', async () => {
    await registerByEmail(t, 'Carol', 'carol@example.com');
    expect((await get(t, `${L}/checkUserNameOrPhone`, { username: 'carol' })).result).toEqual({ exists: true });
    expect((await get(t, `${L}/checkUserNameOrPhone`, { username: 'nobody_here' })).result).toEqual({ exists: false });
    expect((await get(t, `${L}/checkUserNameOrPhone`, { email: 'CAROL@example.com' })).result).toEqual({ exists: true });
    expect((await get(t, `${L}/checkUserNameOrPhone`, { phone: '7700900123', areaCode: '+44' })).result).toEqual({ exists: true });
    expect((await get(t, `${L}/checkUserNameOrPhone`, { phone: '7700900124', areaCode: '+44' })).result).toEqual({ exists: false });
    expect((await get(t, `${L}/checkUserNameOrPhone`, {})).code).toBe(10001);
    expect((await get(t, `${L}/checkUserNameOrPhone`, { username: 'a b' })).code).toBe(10003);
    expect((await get(t, `${L}/checkUserNameOrPhone`, { email: 'not-an-email' })).code).toBe(10002);
    expect((await get(t, `${L}/checkUserNameOrPhone`, { phone: '12', areaCode: '+44' })).code).toBe(10036);
    expect((await get(t, `${L}/checkUserNameOrPhone`, { phone: '7700900123', areaCode: '+999' })).code).toBe(10036);
    const unknown = await get(t, `${L}/checkUserNameOrPhone`, { username: 'carol', evil: '1' });
    expect(unknown).toMatchObject({ status: 400, code: 10030 });
  });

  it('refuses duplicates: username (any case) 10006, e-mail (any case) or phone 10007', async () => {
    await registerByEmail(t, 'Dave', 'dave@example.com');
    // sendCode refuses an address that is already registered
    expect((await post(t, `${L}/sendCode`, { email: 'DAVE@example.com', purpose: 'register' })).code).toBe(10007);
    expect((await post(t, `${L}/sendCode`, { phone: '7700900123', areaCode: '+44', purpose: 'register' })).code).toBe(10007);
    // a fresh address with a taken username
    await post(t, `${L}/sendCode`, { email: 'dave2@example.com', purpose: 'register' });
    const code = await codeFromOutbox(t, 'dave2@example.com');
    const before = await counts(t);
    const dup = await post(t, `${L}/register`, { username: 'DAVE', email: 'dave2@example.com', password: PASSWORD, confirmPassword: PASSWORD, code });
    expect(dup.code).toBe(10006);
    const dupMail = await post(t, `${L}/register`, { username: 'dave_two', email: 'Dave@Example.com', password: PASSWORD, confirmPassword: PASSWORD, code });
    expect(dupMail.code).toBe(10007);
    expect(await counts(t)).toEqual(before);
    // the code was not used up by the refusals
    const ok = await post(t, `${L}/register`, { username: 'dave_two', email: 'dave2@example.com', password: PASSWORD, confirmPassword: PASSWORD, code });
    expect(ok.code).toBe(200);
  });

  it('invite codes: a known one links the inviter, an unknown one is 10046', async () => {
    const inviter = await registerByEmail(t, 'erin', 'erin@example.com');
    await post(t, `${L}/sendCode`, { email: 'frank@example.com', purpose: 'register' });
    const code = await codeFromOutbox(t, 'frank@example.com');
    const base = { username: 'frank', email: 'frank@example.com', password: PASSWORD, confirmPassword: PASSWORD, code };
    expect((await post(t, `${L}/register`, { ...base, inviteCode: 'ZZZZZZZZ' })).code).toBe(10046);
    const ok = await post(t, `${L}/register`, { ...base, inviteCode: inviter.user.inviteCode.toLowerCase() });
    expect(ok.code).toBe(200);
    expect((await userRow(t, 'frank')).invitedBy).toBe(BigInt(inviter.user.id));
    expect(ok.result.user.inviteCode).not.toBe(inviter.user.inviteCode);
  });

  it('checks the password pair and strength, the username rules and the code', async () => {
    await post(t, `${L}/sendCode`, { email: 'gina@example.com', purpose: 'register' });
    const code = await codeFromOutbox(t, 'gina@example.com');
    const base = { username: 'gina', email: 'gina@example.com', password: PASSWORD, confirmPassword: PASSWORD, code };
    const before = await counts(t);
    expect((await post(t, `${L}/register`, { ...base, confirmPassword: 'Secret124' })).code).toBe(10034);
    expect((await post(t, `${L}/register`, { ...base, password: 'short1', confirmPassword: 'short1' })).code).toBe(10035);
    expect((await post(t, `${L}/register`, { ...base, password: 'lettersonly', confirmPassword: 'lettersonly' })).code).toBe(10035);
    expect((await post(t, `${L}/register`, { ...base, password: '1234567890', confirmPassword: '1234567890' })).code).toBe(10035);
    for (const u of ['ab', 'a'.repeat(21), 'gina!', 'gi na', 'джон']) {
      expect((await post(t, `${L}/register`, { ...base, username: u })).code, u).toBe(10003);
    }
    expect((await post(t, `${L}/register`, { ...base, email: 'gina@' })).code).toBe(10002);
    expect((await post(t, `${L}/register`, { ...base, email: undefined })).code).toBe(10001);
    expect((await post(t, `${L}/register`, { ...base, email: undefined, phone: '123', areaCode: '+1' })).code).toBe(10036);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(t, `${L}/register`, { ...base, code: wrong })).code).toBe(10091);
    expect((await post(t, `${L}/register`, { ...base, code: 'abc' })).code).toBe(10091);
    const after = await counts(t);
    expect(after).toEqual(before);
    expect((await post(t, `${L}/register`, base)).code).toBe(200);
  });

  it('a code expires after 10 minutes (10032)', async () => {
    await post(t, `${L}/sendCode`, { email: 'hal@example.com', purpose: 'register' });
    const code = await codeFromOutbox(t, 'hal@example.com');
    await t.app.db.update(verificationCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${verificationCodes.target} = 'hal@example.com'`);
    const res = await post(t, `${L}/register`, { username: 'hal', email: 'hal@example.com', password: PASSWORD, confirmPassword: PASSWORD, code });
    expect(res.code).toBe(10032);
    expect(await userRow(t, 'hal')).toBeUndefined();
  });

  it(`a code dies after ${VERIFY_CODE_MAX_ATTEMPTS} wrong attempts, even the right one afterwards (10032)`, async () => {
    await post(t, `${L}/sendCode`, { email: 'ivy@example.com', purpose: 'register' });
    const code = await codeFromOutbox(t, 'ivy@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const base = { username: 'ivy', email: 'ivy@example.com', password: PASSWORD, confirmPassword: PASSWORD };
    for (let i = 0; i < VERIFY_CODE_MAX_ATTEMPTS; i++) {
      expect((await post(t, `${L}/register`, { ...base, code: wrong })).code).toBe(10091);
    }
    expect((await post(t, `${L}/register`, { ...base, code })).code).toBe(10032);
    // a new code (after the cool-down) works, and only the newest counts
    await pastCoolDown(t, 'ivy@example.com');
    expect((await post(t, `${L}/sendCode`, { email: 'ivy@example.com', purpose: 'register' })).code).toBe(200);
    const fresh = await codeFromOutbox(t, 'ivy@example.com');
    expect((await post(t, `${L}/register`, { ...base, code: fresh })).code).toBe(200);
  });

  it('sendCode: cool-down 10054 with seconds, hourly limit per address and per IP 10031, route limit 429', async () => {
    const first = await post(t, `${L}/sendCode`, { email: 'jay@example.com', purpose: 'register' });
    expect(first.code).toBe(200);
    const soon = await post(t, `${L}/sendCode`, { email: 'jay@example.com', purpose: 'register' });
    expect(soon.code).toBe(10054);
    expect(soon.msg).toMatch(/\d+ seconds/);
    // per address: 5 an hour
    for (let i = 1; i < 5; i++) {
      await pastCoolDown(t, 'jay@example.com');
      expect((await post(t, `${L}/sendCode`, { email: 'jay@example.com', purpose: 'register' })).code).toBe(200);
    }
    await pastCoolDown(t, 'jay@example.com');
    const before = await counts(t);
    expect((await post(t, `${L}/sendCode`, { email: 'jay@example.com', purpose: 'register' })).code).toBe(10031);
    expect(await counts(t)).toEqual(before);
    // per IP: 20 an hour, whatever the addresses (the route limit of 10 a minute comes first)
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post(t, `${L}/sendCode`, { email: `k${i}@example.com`, purpose: 'register' }, { ip })).code);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(10031);
    const limited = await post(t, `${L}/sendCode`, { email: 'k99@example.com', purpose: 'register' }, { ip });
    expect(limited.status).toBe(429);
    // the hourly per-IP count (20) is kept in the database: 10 codes from the minute above plus 10 older ones
    const other = freshIp();
    await t.app.db.update(verificationCodes).set({ ip: other }).where(sql`${verificationCodes.ip} = ${ip}`);
    await t.app.db.insert(verificationCodes).values(Array.from({ length: 10 }, (_, i) => ({
      target: `filler${i}@example.com`, purpose: 'register' as const, codeHash: 'x', expiresAt: new Date(Date.now() + 60_000), ip: other,
    })));
    expect((await post(t, `${L}/sendCode`, { email: 'k100@example.com', purpose: 'register' }, { ip: other })).code).toBe(10031);
    await t.app.db.delete(verificationCodes).where(sql`${verificationCodes.target} like 'filler%'`);
    expect((await post(t, `${L}/sendCode`, { email: 'k100@example.com', purpose: 'register' }, { ip: other })).code).toBe(200);
  });

  it('sendCode for login or reset needs an existing account (10009)', async () => {
    expect((await post(t, `${L}/sendCode`, { email: 'nobody@example.com', purpose: 'reset' })).code).toBe(10009);
    expect((await post(t, `${L}/sendCode`, { email: 'alice@example.com', purpose: 'reset' })).code).toBe(200);
  });

  it('bad input: missing fields, wrong types, 10 kB strings, unknown fields, injection strings -> coded refusal, nothing written', async () => {
    const before = await counts(t);
    const big = 'x'.repeat(10 * 1024);
    const good = { username: 'mallory', email: 'mallory@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: '123456' };
    const cases: Array<[string, unknown, number]> = [
      ['missing username', { ...good, username: undefined }, 10030],
      ['missing password', { ...good, password: undefined }, 10030],
      ['missing code', { ...good, code: undefined }, 10030],
      ['number username', { ...good, username: 12345 }, 10030],
      ['array email', { ...good, email: ['a@b.c'] }, 10030],
      ['object password', { ...good, password: { $gt: '' } }, 10030],
      ['null code', { ...good, code: null }, 10030],
      ['10 kB username', { ...good, username: big }, 10030],
      ['10 kB email', { ...good, email: `${big}@example.com` }, 10030],
      ['10 kB password', { ...good, password: big, confirmPassword: big }, 10030],
      ['unknown field', { ...good, role: 'operator' }, 10030],
      ['sql in username', { ...good, username: "x' OR '1'='1" }, 10003],
      ['sql in email', { ...good, email: "a@b.com'; DROP TABLE users; --" }, 10002],
      ['script in username', { ...good, username: '<script>alert(1)</script>' }, 10003],
      ['script in email', { ...good, email: '<script>@x.com' }, 10002],
      ['sql in invite code', { ...good, inviteCode: "' OR 1=1 --" }, 10046],
      ['sql in code', { ...good, code: "1' OR '1'='1" }, 10091],
    ];
    for (const [name, payload, code] of cases) {
      const res = await post(t, `${L}/register`, payload);
      expect(res.code, name).toBe(code);
      expect(res.result, name).toBeNull();
      if (code === 10030) expect(res.status, name).toBe(400);
    }
    const sendCases: Array<[string, unknown, number]> = [
      ['no purpose', { email: 'm@example.com' }, 10030],
      ['bad purpose', { email: 'm@example.com', purpose: 'admin' }, 10030],
      ['no target', { purpose: 'register' }, 10001],
      ['both targets', { email: 'm@example.com', phone: '7700900555', areaCode: '+44', purpose: 'register' }, 10030],
      ['10 kB phone', { phone: big, areaCode: '+44', purpose: 'register' }, 10030],
      ['sql phone', { phone: "1; DROP TABLE users", areaCode: '+44', purpose: 'register' }, 10036],
      ['phone without area code', { phone: '7700900555', purpose: 'register' }, 10036],
      ['script email', { email: '"><img src=x onerror=alert(1)>@x.com', purpose: 'register' }, 10002],
      ['unknown field', { email: 'm@example.com', purpose: 'register', debug: true }, 10030],
    ];
    for (const [name, payload, code] of sendCases) {
      expect((await post(t, `${L}/sendCode`, payload)).code, name).toBe(code);
    }
    const notJson = await t.app.inject({ method: 'POST', url: `${L}/register`, headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() }, payload: '{"username":' });
    expect(notJson.json()).toMatchObject({ code: 10030 });
    expect(await counts(t)).toEqual(before);
    // the users table is intact after the injection attempts
    expect((await userRow(t, 'alice_1'))?.email).toBe('alice@example.com');
  });

  it('replies in the language asked for', async () => {
    const res = await post(t, `${L}/register`, { username: 'a', email: 'x@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: '123456' }, { headers: { lang: 'de' } });
    expect(res.code).toBe(10003);
    const en = await post(t, `${L}/register`, { username: 'a', email: 'x@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: '123456' });
    expect(res.msg).not.toBe(en.msg);
  });

  it('the demo grant is one ledger transfer from the platform demo_grants account', async () => {
    const [row] = (await t.app.db.execute(sql`
      select t.amount, t.reason, t.book, t.asset, d.owner_kind as d_owner, d.purpose as d_purpose, c.user_id as c_user
      from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where t.idempotency_key = ${`demo-grant:${(await userRow(t, 'alice_1')).id}:0`}`) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(row).toMatchObject({ reason: 'demo.grant', book: 'demo', asset: 'USDT', d_owner: 'platform', d_purpose: 'demo_grants' });
    expect(Number(row.amount)).toBe(Number(DEMO_GRANT_USDT));
  });
});
