import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ROUTES } from '../../../server/auth/apiKeys/scopes.ts';
import { apiKeys } from '../../../server/auth/apiKeys/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { generateSync } from 'otplib';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { STEP_UP_HEADER } from '../../../src/contract/twoFactor.ts';
import { TRADING_PATHS } from '../../../src/contract/trading.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { clientKey, marketClock, tick } from '../trading/tradingFixtures.ts';
import { createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';
import { createKey, keyCounts, keyPair, keyRows, signed, type TestKey } from './apiKeyFixtures.ts';

/**
 * API keys (docs/api.md, "Authentication with an API key"): registered with a session, listed with
 * their last use, revoked at once; a signed request is checked for its signature, timestamp,
 * replay, address, scope and key, and each refusal answers its code and writes nothing (every table
 * a request could touch, the key's last use and all balances compared).
 */
describe(`API keys (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  const BALANCES = '/swx/customer/user/balances';
  const order = () => ({ code: 'BTCUSDT', direction: 'up', lots: '0.01', leverage: 10, period: 300, clientKey: clientKey() });
  let u: TestUser;

  beforeAll(async () => {
    u = await createUser(t.app);
    await t.app.db
      .update(users)
      .set({ email: `${u.username}@example.test` })
      .where(eq(users.id, u.id));
    await fund(t.app, u.id, 'USDT', '10000', 'demo');
    await tick(t.app, clock, { BTCUSDT: 60000 });
  });

  /** Expects `run` to be refused with `code` and to leave every table, every key row and every balance as it was. */
  async function refusedWritingNothing(code: number, run: () => Promise<{ code: number; msg: string }>) {
    const before = { ...(await keyCounts(t.app)), keys: await keyRows(t.app) };
    const res = await run();
    expect(res.code, res.msg).toBe(code);
    expect({ ...(await keyCounts(t.app)), keys: await keyRows(t.app) }).toEqual(before);
    return res;
  }

  it('every route a key may call is a registered route (the list names no stale URL)', () => {
    for (const k of Object.keys(API_KEY_ROUTES)) {
      const [method, url] = k.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url }), k).toBe(true);
    }
  });

  it('creating: the key is listed without anything that signs, told as a security event, and mailed', async () => {
    const { res, key } = await createKey(t.app, u, ['read'], { name: 'reporting', ips: ['203.0.113.0/24', ' 2001:db8::/32 '] });
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    expect(res.result).toMatchObject({
      id: expect.stringMatching(/^ak_[a-z0-9]{24}$/),
      name: 'reporting',
      publicKey: key.publicKey,
      scopes: ['read'],
      ips: ['203.0.113.0/24', '2001:db8::/32'],
      revokedAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
    });
    const list = body(await t.app.inject({ url: '/swx/customer/user/apiKeys', headers: { authorization: u.token } }));
    expect(list.result.rows.map((r: { id: string }) => r.id)).toContain(key.id);
    const [note] = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'security.api_key_created'));
    expect(note.params).toMatchObject({ keyId: key.id, name: 'reporting', ip: '198.51.100.1' });
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `${u.username}@example.test`));
    expect(mails.some((m) => m.body.includes(key.id))).toBe(true);
  });

  it('creating is refused, writing nothing, for a bad public key, a bad IP entry, withdraw without the allowlist, a key twice', async () => {
    await refusedWritingNothing(
      Err.API_KEY_PUBLIC_KEY_INVALID,
      async () => (await createKey(t.app, u, ['read'], { pair: { ...keyPair(), publicKey: 'AAAA' } })).res,
    );
    await refusedWritingNothing(
      Err.API_KEY_IP_INVALID,
      async () => (await createKey(t.app, u, ['read'], { ips: ['10.0.0.0/33'] })).res,
    );
    await refusedWritingNothing(
      Err.API_KEY_IP_INVALID,
      async () => (await createKey(t.app, u, ['read'], { ips: ['example.com'] })).res,
    );
    await refusedWritingNothing(
      Err.API_KEY_WITHDRAW_NEEDS_ALLOWLIST,
      async () => (await createKey(t.app, u, ['read', 'withdraw'])).res,
    );
    const pair = keyPair();
    expect((await createKey(t.app, u, ['read'], { pair })).res.code).toBe(Ok.SUCCESS);
    const other = await createUser(t.app);
    await refusedWritingNothing(
      Err.API_KEY_PUBLIC_KEY_EXISTS,
      async () => (await createKey(t.app, other, ['read'], { pair })).res,
    );
  });

  it('a key is not a session: its own routes, sessions, security and the operator API refuse it', async () => {
    const { key } = await createKey(t.app, u, ['read', 'trade']);
    for (const [method, url] of [
      ['GET', '/swx/customer/user/apiKeys'],
      ['GET', '/swx/customer/user/sessions'],
      ['POST', '/swx/customer/user/twoFactor/setup'],
      ['GET', '/admin-api/deposits'],
    ] as const)
      await refusedWritingNothing(Err.API_KEY_ROUTE_NOT_ALLOWED, () =>
        signed(t.app, key, method, url, method === 'POST' ? { payload: {} } : {}),
      );
  });

  it('each scope is refused outside itself', async () => {
    const read = (await createKey(t.app, u, ['read'])).key;
    const trade = (await createKey(t.app, u, ['trade'])).key;
    expect((await signed(t.app, read, 'GET', BALANCES)).code).toBe(Ok.SUCCESS);
    await refusedWritingNothing(Err.API_KEY_SCOPE_MISSING, () =>
      signed(t.app, read, 'POST', TRADING_PATHS.buy, { payload: order() }),
    );
    await refusedWritingNothing(Err.API_KEY_SCOPE_MISSING, () => signed(t.app, trade, 'GET', BALANCES));
    await refusedWritingNothing(Err.API_KEY_SCOPE_MISSING, () =>
      signed(t.app, read, 'POST', '/swx/customer/user/withdrawal', {
        payload: { method: 'USDT-TRC20', address: 'T', amount: '1' },
      }),
    );
    const bought = await signed(t.app, trade, 'POST', TRADING_PATHS.buy, { payload: order() });
    expect(bought.code, bought.msg).toBe(Ok.PURCHASE_SUCCESSFUL);
    const closed = await signed(t.app, trade, 'POST', TRADING_PATHS.close, { payload: { id: bought.result.id } });
    expect(closed.code, closed.msg).toBe(Ok.SUCCESS);
  });

  describe('a signed request refused with its code, writing nothing', () => {
    let key: TestKey;
    beforeAll(async () => {
      key = (await createKey(t.app, u, ['read', 'trade'], { ips: ['203.0.113.0/24', '2001:db8::/32'] })).key;
      // its first use from the test's address is behind it (a new address is an event, a write)
      expect((await signed(t.app, key, 'GET', BALANCES)).code).toBe(Ok.SUCCESS);
      // the same request in the same millisecond would be the same signature: a replay
      clock.ms(1);
      expect((await signed(t.app, key, 'GET', BALANCES, { ip: '2001:db8::7' })).code).toBe(Ok.SUCCESS);
    });
    const buy = (s: Parameters<typeof signed>[4] = {}) =>
      signed(t.app, key, 'POST', TRADING_PATHS.buy, { payload: order(), ...s });

    it('a wrong signature: another body, another key, garbage', async () => {
      await refusedWritingNothing(Err.API_KEY_SIGNATURE_INVALID, () => buy({ signedBody: JSON.stringify(order()) }));
      await refusedWritingNothing(Err.API_KEY_SIGNATURE_INVALID, () =>
        signed(t.app, { ...key, privateKey: keyPair().privateKey }, 'GET', BALANCES),
      );
      await refusedWritingNothing(Err.API_KEY_SIGNATURE_INVALID, () => buy({ signature: 'c2lnbmF0dXJl' }));
      // the query is signed too
      await refusedWritingNothing(Err.API_KEY_SIGNATURE_INVALID, async () => {
        const good = await import('./apiKeyFixtures.ts').then((m) =>
          m.signedRequest(t.app.clock.now(), key, 'GET', `${BALANCES}?a=1`),
        );
        return body(await t.app.inject({ ...good, url: `${BALANCES}?a=2` }));
      });
    });

    it('an old timestamp, one from the future, a window above 60 s', async () => {
      await refusedWritingNothing(Err.API_KEY_TIMESTAMP_OUTSIDE_WINDOW, () => buy({ ts: clock.now() - 5001 }));
      await refusedWritingNothing(Err.API_KEY_TIMESTAMP_OUTSIDE_WINDOW, () =>
        buy({ ts: clock.now() - 20_000, recvWindow: '10000' }),
      );
      await refusedWritingNothing(Err.API_KEY_TIMESTAMP_OUTSIDE_WINDOW, () => buy({ ts: clock.now() + 1000 }));
      await refusedWritingNothing(Err.API_KEY_RECV_WINDOW_INVALID, () => buy({ recvWindow: '60001' }));
      await refusedWritingNothing(Err.API_KEY_RECV_WINDOW_INVALID, () => buy({ ts: '1.5e12' }));
      // within a longer window the same age passes
      expect((await signed(t.app, key, 'GET', BALANCES, { ts: clock.now() - 20_000, recvWindow: '30000' })).code).toBe(
        Ok.SUCCESS,
      );
    });

    it('a replay: the same signed request twice, even in parallel, opens one order', async () => {
      const payload = order();
      const ts = clock.now();
      const [a, b] = await Promise.all([buy({ payload, ts }), buy({ payload, ts })]);
      expect([a.code, b.code].sort()).toEqual([Err.API_KEY_REPLAYED, Ok.PURCHASE_SUCCESSFUL].sort());
      await refusedWritingNothing(Err.API_KEY_REPLAYED, () => buy({ payload, ts }));
    });

    it('an address outside the allowlist, IPv4 and IPv6', async () => {
      await refusedWritingNothing(Err.API_KEY_IP_NOT_ALLOWED, () => buy({ ip: '198.51.100.7' }));
      await refusedWritingNothing(Err.API_KEY_IP_NOT_ALLOWED, () => buy({ ip: '2001:db9::1' }));
    });

    it('missing headers, a session beside the key, an unknown key', async () => {
      await refusedWritingNothing(Err.API_KEY_HEADERS_INCOMPLETE, () => buy({ headers: { authorization: u.token } }));
      await refusedWritingNothing(Err.API_KEY_HEADERS_INCOMPLETE, () => buy({ headers: { 'x-api-signature': '' } }));
      await refusedWritingNothing(Err.API_KEY_UNKNOWN, () =>
        signed(t.app, { ...key, id: 'ak_000000000000000000000000' }, 'GET', BALANCES),
      );
    });

    it('a revoked key, at once', async () => {
      const k = (await createKey(t.app, u, ['read'])).key;
      expect((await signed(t.app, k, 'GET', BALANCES)).code).toBe(Ok.SUCCESS);
      const revoked = body(
        await t.app.inject({
          method: 'POST',
          url: `/swx/customer/user/apiKeys/${k.id}/revoke`,
          headers: { authorization: u.token },
        }),
      );
      expect(revoked.code, revoked.msg).toBe(Ok.SUCCESS);
      expect(revoked.result.revokedAt).toBe(new Date(clock.now()).toISOString());
      await refusedWritingNothing(Err.API_KEY_REVOKED, () => signed(t.app, k, 'GET', BALANCES));
      const [note] = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'security.api_key_revoked'));
      expect(note.params).toMatchObject({ keyId: k.id });
      // another account cannot revoke it, nor see it
      const other = await createUser(t.app);
      const theirs = body(
        await t.app.inject({
          method: 'POST',
          url: `/swx/customer/user/apiKeys/${k.id}/revoke`,
          headers: { authorization: other.token },
        }),
      );
      expect(theirs.code).toBe(Err.RECORD_NOT_FOUND);
    });
  });

  it('use: the list shows the last use and address; a new address is a security event once', async () => {
    const { key } = await createKey(t.app, u, ['read'], { name: 'watcher' });
    const newIp = async () =>
      (await t.app.db.select().from(notifications).where(eq(notifications.kind, 'security.api_key_new_ip'))).filter(
        (n) => (n.params as { keyId: string }).keyId === key.id,
      ).length;
    expect((await signed(t.app, key, 'GET', BALANCES, { ip: '192.0.2.5' })).code).toBe(Ok.SUCCESS);
    clock.ms(1);
    expect((await signed(t.app, key, 'GET', BALANCES, { ip: '192.0.2.5' })).code).toBe(Ok.SUCCESS);
    expect(await newIp()).toBe(1);
    clock.ms(1);
    expect((await signed(t.app, key, 'GET', BALANCES, { ip: '192.0.2.6' })).code).toBe(Ok.SUCCESS);
    expect(await newIp()).toBe(2);
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row).toMatchObject({ lastUsedIp: '192.0.2.6', lastUsedAt: new Date(clock.now()) });
  });

  // last: it moves the clock a code step, past the price the trading tests above use
  it('with two-factor sign-in on, creating needs a fresh code (the step-up), refused writing nothing without one', async () => {
    const v = await createUser(t.app);
    const code = (secret: string) => generateSync({ secret, epoch: Math.floor(clock.now() / 1000) });
    const setup = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/twoFactor/setup',
        headers: { authorization: v.token },
        payload: {},
      }),
    );
    const secret = setup.result.secret as string;
    const on = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/twoFactor/enable',
        headers: { authorization: v.token },
        payload: { code: code(secret) },
      }),
    );
    expect(on.code, on.msg).toBe(Ok.SUCCESS);
    clock.ms(30_000);
    await refusedWritingNothing(Err.TWO_FACTOR_CODE_REQUIRED, async () => (await createKey(t.app, v, ['read'])).res);
    const made = await createKey(t.app, v, ['read'], { headers: { [STEP_UP_HEADER]: code(secret) } });
    expect(made.res.code, made.res.msg).toBe(Ok.SUCCESS);
  });
});
