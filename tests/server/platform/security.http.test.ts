/**
 * Smaller hardening (issue 15 item 11): who is asking is settled before the body is read, the
 * browser is told what the page may do (Permissions-Policy, CSP connect-src), and deposit claims
 * need a receive address and stay under a maximum.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp } from '../helpers.ts';
import {
  addReceiveAddresses,
  counts,
  createUser,
  real,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

describe('HTTP hardening', () => {
  const t = useTestApp({ publicUrl: 'https://trade.example.com' });
  let alice: TestUser;
  beforeAll(async () => {
    alice = await createUser(t.app);
  });

  it('every protected operation answers an anonymous caller 401, whatever the body (it was a field error)', async () => {
    const doc = (await t.app.inject('/docs/json')).json() as OpenApiDoc;
    const protectedOps: Array<[string, string]> = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) if (op.security?.length) protectedOps.push([method.toUpperCase(), path]);
    }
    expect(protectedOps.length).toBeGreaterThan(15);
    for (const [method, path] of protectedOps) {
      const url = path.replace(/\{[^}]+\}/g, 'not-an-id');
      const res = await t.app.inject({
        method: method as 'POST',
        url: `${url}?pageNum=-1&bogus=%00`,
        payload: method === 'GET' || method === 'DELETE' ? undefined : { bogus: '\u0000', amount: -1 },
      });
      expect([res.statusCode, body(res).code], `${method} ${path}`).toEqual([200, Err.LOGIN_REQUIRED]);
    }
  });

  it('a signed-in caller still gets the field error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/withdrawal',
      headers: { authorization: alice.token, virtually: 'YES' },
      payload: { bogus: 1 },
    });
    expect(body(res).code).toBe(Err.MALFORMED_REQUEST);
  });

  it('security headers and Permissions-Policy on every answer; CSP connect-src is the own origin and its websocket only', async () => {
    for (const url of ['/healthz', '/swx/customer/login/checkUserNameOrPhone?username=abc', '/no/such/path']) {
      const res = await t.app.inject(url);
      expect(res.headers['permissions-policy'], url).toMatch(/camera=\(\)/);
      expect(res.headers['permissions-policy'], url).toMatch(/geolocation=\(\)/);
    }
    // helmet's whole set, on answers of every kind (taken from helmet once at start)
    for (const url of ['/healthz', '/swx/customer/index/getPrice/bitcoin', '/no/such/path']) {
      const h = (await t.app.inject(url)).headers;
      expect(h['x-content-type-options'], url).toBe('nosniff');
      expect(h['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(h['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(h['referrer-policy'], url).toBe('no-referrer');
      expect(h['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(h['content-security-policy'], url).toMatch(/default-src 'self'/);
      expect(h['x-powered-by'], url).toBeUndefined();
    }
    const csp = String((await t.app.inject('/healthz')).headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)![1].trim().split(/\s+/);
    expect(connect).toEqual(["'self'", 'wss://trade.example.com']);
  });

  it('a deposit claim is refused without a receive address for its coin and network (10084), nothing written', async () => {
    const before = await counts(t.app);
    const res = body(await recharge(t.app, alice, rechargeFields()));
    expect(res.code).toBe(Err.DEPOSIT_NO_ADDRESS);
    expect(await counts(t.app)).toEqual(before);
  });

  it('a deposit claim above the maximum per claim is refused (10083), nothing written', async () => {
    await addReceiveAddresses(t.app);
    const before = await counts(t.app);
    const res = body(
      await recharge(t.app, alice, rechargeFields({ amount: '1000000.01' }), undefined, real(alice, { lang: 'en' })),
    );
    expect(res.code).toBe(Err.DEPOSIT_ABOVE_MAXIMUM);
    expect(res.msg).toContain('1000000 USDT');
    expect(await counts(t.app)).toEqual(before);
    expect(body(await recharge(t.app, alice, rechargeFields({ amount: '1000000' }))).code).toBe(Ok.RECHARGE_SUBMITTED);
  });
});
