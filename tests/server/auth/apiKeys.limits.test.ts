import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySignatures } from '../../../server/auth/apiKeys/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, buildTestApp, usingPostgres, useTestApp } from '../helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { ADDR, createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { createKey, keyCounts, signed } from './apiKeyFixtures.ts';

const HOUR = 3600_000;
const LIMIT = 20;
const U = '/swx/customer/user';

/**
 * A key's own rate (API_KEY_RATE_PER_MINUTE, counted in the database, so every instance shares
 * it) and its withdrawals: only with the allowlist on, so only to saved addresses that have become
 * usable (docs/api.md, "Scopes").
 */
describe(`API key limits and withdrawals (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, apiKeyRatePerMinute: LIMIT }));
  let u: TestUser;
  const session = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    body(await t.app.inject({ method, url: `${U}${url}`, headers: real(u), ...(payload ? { payload } : {}) }));

  beforeAll(async () => {
    u = await createUser(t.app);
    await t.app.db
      .update(users)
      .set({ email: `${u.username}@example.test` })
      .where(eq(users.id, u.id));
    await fund(t.app, u.id, 'USDT', '900');
  });

  it(`50 parallel signed requests with one key: ${LIMIT} answered, the rest refused with 10369 writing nothing; the next minute starts over`, async () => {
    const { key } = await createKey(t.app, u, ['read']);
    // one request first: the key's first address is then behind it (a security event is a write)
    expect((await signed(t.app, key, 'GET', `${U}/balances`)).code).toBe(Ok.SUCCESS);
    const now = clock.now();
    // fifty different requests (a timestamp each), so none is a replay of another
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signed(t.app, key, 'GET', `${U}/balances`, { ts: now - 1 - i })),
    );
    const ok = all.filter((r) => r.code === Ok.SUCCESS).length;
    const limited = all.filter((r) => r.code === Err.API_KEY_RATE_LIMITED);
    expect(ok).toBe(LIMIT - 1);
    expect(limited).toHaveLength(50 - (LIMIT - 1));
    expect(limited[0].status).toBe(429);
    // a refused request kept no signature: only the answered ones are there
    expect(Number((await t.app.db.select({ n: count() }).from(apiKeySignatures))[0].n)).toBe(LIMIT);
    const before = await keyCounts(t.app);
    expect((await signed(t.app, key, 'GET', `${U}/balances`, { ts: now - 100 })).code).toBe(Err.API_KEY_RATE_LIMITED);
    expect(await keyCounts(t.app)).toEqual(before);
    clock.ms(61_000);
    expect((await signed(t.app, key, 'GET', `${U}/balances`)).code).toBe(Ok.SUCCESS);
  });

  it('withdraw: only with the allowlist on, only to a saved usable address; turned off, the key withdraws no more', async () => {
    expect((await createKey(t.app, u, ['withdraw'])).res.code).toBe(Err.API_KEY_WITHDRAW_NEEDS_ALLOWLIST);
    expect((await session('POST', '/allowlist', { on: true })).result.status).toBe('on');
    const { res, key } = await createKey(t.app, u, ['read', 'withdraw']);
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    expect((await session('POST', '/allowlist/addresses', { network: 'TRC20', address: ADDR.TRON })).code).toBe(Ok.SUCCESS);
    clock.ms(25 * HOUR);
    const withdraw = (address: string, amount: string, method = 'USDT-TRC20') =>
      signed(t.app, key, 'POST', `${U}/withdrawal`, { payload: { method, address, amount }, book: 'real' });

    const before = await keyCounts(t.app);
    const unsaved = await withdraw(ADDR.ETH, '20', 'USDT-ERC20');
    expect(unsaved.code, unsaved.msg).toBe(Err.ADDRESS_NOT_ALLOWLISTED);
    const counted = await keyCounts(t.app);
    // the request was accepted (its signature, its minute, its first address), the withdrawal refused: no money moved
    expect({ withdrawals: counted.withdrawals, transfers: counted.transfers, balanceSum: counted.balanceSum }).toEqual({
      withdrawals: before.withdrawals,
      transfers: before.transfers,
      balanceSum: before.balanceSum,
    });
    clock.ms(1);
    const sent = await withdraw(ADDR.TRON, '20');
    expect(sent.code, sent.msg).toBe(Ok.WITHDRAWAL_SUBMITTED);

    expect((await session('POST', '/allowlist', { on: false })).result.status).toBe('turningOff');
    clock.ms(1);
    // while it is turning off it still applies, and so the key still withdraws
    expect((await withdraw(ADDR.TRON, '20')).code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    clock.ms(25 * HOUR);
    const off = await keyCounts(t.app);
    expect((await withdraw(ADDR.TRON, '20')).code).toBe(Err.API_KEY_WITHDRAW_NEEDS_ALLOWLIST);
    expect(await keyCounts(t.app)).toEqual(off);
  });
});

/**
 * Two instances on one PostgreSQL database (the production shape, without Redis: nothing of a key
 * is kept in memory, so none is needed): a key revoked on one is refused on the other at its next
 * request, a request accepted by one is a replay on the other, and the key's minute is one.
 */
describe.runIf(usingPostgres())('API keys across two instances (PostgreSQL)', () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, apiKeyRatePerMinute: 3 }));
  let other: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    other = await buildTestApp({ clock: clock.now, apiKeyRatePerMinute: 3, databaseUrl: t.config.databaseUrl });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('revoked on one, refused on the other; a replay and the minute across both', async () => {
    const u = await createUser(t.app);
    const { key } = await createKey(t.app, u, ['read']);
    const now = clock.now();
    expect((await signed(other.app, key, 'GET', `${U}/balances`, { ts: now })).code).toBe(Ok.SUCCESS);
    expect((await signed(t.app, key, 'GET', `${U}/balances`, { ts: now })).code).toBe(Err.API_KEY_REPLAYED);
    expect((await signed(t.app, key, 'GET', `${U}/balances`, { ts: now - 1 })).code).toBe(Ok.SUCCESS);
    expect((await signed(other.app, key, 'GET', `${U}/balances`, { ts: now - 2 })).code).toBe(Ok.SUCCESS);
    expect((await signed(t.app, key, 'GET', `${U}/balances`, { ts: now - 3 })).code).toBe(Err.API_KEY_RATE_LIMITED);
    clock.ms(61_000);
    expect((await signed(other.app, key, 'GET', `${U}/balances`)).code).toBe(Ok.SUCCESS);
    const revoked = body(
      await t.app.inject({ method: 'POST', url: `${U}/apiKeys/${key.id}/revoke`, headers: { authorization: u.token } }),
    );
    expect(revoked.code, revoked.msg).toBe(Ok.SUCCESS);
    clock.ms(1);
    expect((await signed(other.app, key, 'GET', `${U}/balances`)).code).toBe(Err.API_KEY_REVOKED);
  });
});
