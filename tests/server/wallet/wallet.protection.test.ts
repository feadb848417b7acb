/**
 * Withdrawal protection (docs/wallet.md, "Address allowlist" and "Withdrawal limits"): with the
 * allowlist on, a withdrawal to an address saved an hour ago is refused with its code and writes
 * nothing, and passes once the delay is over; removing is immediate, turning off waits. Limits:
 * 20 parallel withdrawals cannot pass the daily limit (the advisory lock in the withdrawal's
 * transaction), the 30-day window names when enough frees up, verified identity raises them.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { ADDR, counts, createUser, fund, real, type TestUser } from './walletFixtures.ts';

const HOUR = 3600_000;
const clock = testClock();
const t = useTestApp(() => ({
  clock: clock.now,
  withdrawLimits: { basic: { day: '1000', month: '2500' }, verified: { day: '5000', month: '20000' } },
}));
const U = '/swx/customer/user';

const call = async (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  body(await t.app.inject({ method, url: `${U}${url}`, headers: real(u), ...(payload ? { payload } : {}) }));
const withdraw = (u: TestUser, address: string, amount: string, method = 'USDT-TRC20') =>
  call(u, 'POST', '/withdrawal', { method, address, amount });

describe('withdrawal address allowlist', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t.app);
    await t.app.db
      .update(users)
      .set({ email: `${u.username}@example.test` })
      .where(eq(users.id, u.id));
    await fund(t.app, u.id, 'USDT', '900');
  });

  it('on: an address saved an hour ago is refused with when it becomes usable, writing nothing; after 24 hours it passes', async () => {
    expect((await call(u, 'POST', '/allowlist', { on: true })).result).toMatchObject({
      status: 'on',
      offAt: null,
      delayHours: 24,
      addresses: [],
    });
    const before = await counts(t.app);
    const unsaved = await withdraw(u, ADDR.TRON, '20');
    expect(unsaved.code).toBe(Err.ADDRESS_NOT_ALLOWLISTED);
    expect(await counts(t.app)).toEqual(before);

    const saved = await call(u, 'POST', '/allowlist/addresses', { network: 'TRC20', address: ADDR.TRON, label: 'cold wallet' });
    expect(saved.code, saved.msg).toBe(Ok.SUCCESS);
    const usableAt = clock.now() + 24 * HOUR;
    expect(saved.result).toMatchObject({
      network: 'TRC20',
      address: ADDR.TRON,
      label: 'cold wallet',
      usable: false,
      activeAt: new Date(usableAt).toISOString(),
    });
    // the owner is told at once: a notification and a mail naming the address
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `${u.username}@example.test`));
    expect(mail.body).toContain(ADDR.TRON);
    expect((await call(u, 'GET', '/listNotifications')).result.rows[0]).toMatchObject({ kind: 'allowlist.address_added' });
    expect((await call(u, 'POST', '/allowlist/addresses', { network: 'TRC20', address: ADDR.TRON })).code).toBe(
      Err.ALLOWLIST_ADDRESS_EXISTS,
    );
    expect((await call(u, 'POST', '/allowlist/addresses', { network: 'ERC20', address: ADDR.TRON })).code).toBe(
      Err.ADDRESS_INVALID,
    );

    clock.ms(HOUR);
    const early = await counts(t.app);
    const refused = await withdraw(u, ADDR.TRON, '20');
    expect(refused.code).toBe(Err.ADDRESS_NOT_YET_USABLE);
    expect(refused.msg).toContain(`${new Date(usableAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    expect(refused.msg).toContain('23 hours');
    expect(await counts(t.app)).toEqual(early);

    clock.ms(23 * HOUR);
    expect((await withdraw(u, ADDR.TRON, '20')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
  });

  it('an Ethereum address matches whatever its case; removing is immediate', async () => {
    const saved = await call(u, 'POST', '/allowlist/addresses', { network: 'ERC20', address: ADDR.ETH });
    clock.ms(24 * HOUR);
    expect((await withdraw(u, ADDR.ETH_LOWER, '20', 'USDT-ERC20')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    expect((await call(u, 'POST', `/allowlist/addresses/${saved.result.id}/remove`)).result).toEqual({
      id: saved.result.id,
      removed: true,
    });
    expect((await withdraw(u, ADDR.ETH, '20', 'USDT-ERC20')).code).toBe(Err.ADDRESS_NOT_ALLOWLISTED);
    const other = await createUser(t.app);
    const list = await call(u, 'GET', '/allowlist');
    expect((await call(other, 'POST', `/allowlist/addresses/${list.result.addresses[0].id}/remove`)).code).toBe(
      Err.RECORD_NOT_FOUND,
    );
  });

  it('turning it off waits 24 hours (still applied, pending shown); turning it on is immediate', async () => {
    const off = await call(u, 'POST', '/allowlist', { on: false });
    expect(off.result).toMatchObject({ status: 'turningOff', offAt: new Date(clock.now() + 24 * HOUR).toISOString() });
    // asking again does not push the time back
    clock.ms(HOUR);
    expect((await call(u, 'POST', '/allowlist', { on: false })).result.offAt).toBe(off.result.offAt);
    expect((await withdraw(u, ADDR.ETH, '20', 'USDT-ERC20')).code).toBe(Err.ADDRESS_NOT_ALLOWLISTED);
    clock.ms(23 * HOUR);
    expect((await call(u, 'GET', '/allowlist')).result).toMatchObject({ status: 'off', offAt: null });
    expect((await withdraw(u, ADDR.ETH, '20', 'USDT-ERC20')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    expect((await call(u, 'POST', '/allowlist', { on: true })).result.status).toBe('on');
    expect((await withdraw(u, ADDR.ETH, '20', 'USDT-ERC20')).code).toBe(Err.ADDRESS_NOT_ALLOWLISTED);
  });
});

describe(`withdrawal limits (${usingPostgres() ? 'PostgreSQL pool' : 'PGlite'})`, () => {
  it('20 parallel withdrawals cannot pass the daily limit; the refusal names the limit and the reset, and writes nothing', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    const before = await counts(t.app);
    const codes = (await Promise.all(Array.from({ length: 20 }, () => withdraw(u, ADDR.TRON, '100')))).map((r) => r.code);
    expect(codes.filter((c) => c === Ok.WITHDRAWAL_SUBMITTED)).toHaveLength(10);
    expect(codes.filter((c) => c === Err.WITHDRAWAL_DAY_LIMIT)).toHaveLength(10);
    const after = await counts(t.app);
    expect(after.withdrawals - before.withdrawals).toBe(10);
    expect(after.transfers - before.transfers).toBe(10);

    const limits = await call(u, 'GET', '/withdrawalLimits');
    const tomorrow = Math.floor(clock.now() / (24 * HOUR)) * 24 * HOUR + 24 * HOUR;
    expect(limits.result).toMatchObject({ level: 'basic', dayResetsAt: new Date(tomorrow).toISOString() });
    expect(limits.result.rows.find((r: { asset: string }) => r.asset === 'USDT')).toMatchObject({
      dayLimit: '1000.000000',
      dayUsed: '1000.000000',
      dayLeft: '0.000000',
      monthLimit: '2500.000000',
      monthLeft: '1500.000000',
    });
    const refused = await withdraw(u, ADDR.TRON, '10');
    expect(refused.code).toBe(Err.WITHDRAWAL_DAY_LIMIT);
    expect(refused.msg).toContain('1000 USDT');
    expect(refused.msg).toContain(`${new Date(tomorrow).toISOString().slice(0, 10)} 00:00 UTC`);
    expect(await counts(t.app)).toEqual(after);
  });

  it('the 30-day window names when enough frees up; a rejected withdrawal does not count; verified identity raises the limits', async () => {
    const u = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    await fund(t.app, u.id, 'USDT', '10000');
    const first = clock.now();
    expect((await withdraw(u, ADDR.TRON, '1000')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    clock.days(1);
    expect((await withdraw(u, ADDR.TRON, '1000')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    clock.days(1);
    const before = await counts(t.app);
    const refused = await withdraw(u, ADDR.TRON, '600');
    expect(refused.code).toBe(Err.WITHDRAWAL_30D_LIMIT);
    // 2000 used of 2500: the first 1000 leaves the window 30 days after it was asked for
    expect(refused.msg).toContain(`${new Date(first + 30 * 24 * HOUR).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    expect(await counts(t.app)).toEqual(before);

    const pending = (await call(u, 'GET', '/listWithdrwal')).result.rows[0];
    const rejected = body(
      await t.app.inject({
        method: 'POST',
        url: `/admin-api/withdrawals/${pending.id}/reject`,
        headers: { authorization: op.token },
        payload: { reason: 'test' },
      }),
    );
    expect(rejected.code, rejected.msg).toBe(Ok.SUCCESS);
    expect((await withdraw(u, ADDR.TRON, '600')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);

    await t.app.db.update(users).set({ kycStatus: 'verified' }).where(eq(users.id, u.id));
    expect((await call(u, 'GET', '/withdrawalLimits')).result.level).toBe('verified');
    expect((await withdraw(u, ADDR.TRON, '3000')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
  });
});
