import { beforeAll, describe, expect, it } from 'vitest';
import { body, useTestApp } from '../helpers.ts';
import { counts, L, PASSWORD, U } from '../auth.helpers.ts';
import { ADDR, createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { Err } from '../../../src/contract/errors.ts';

/**
 * NUL characters and lone UTF-16 surrogates cannot be stored in PostgreSQL text; they used to
 * reach the database and answer HTTP 500. Every validated string now refuses them: 10030 with
 * HTTP 400 before any handler runs, nothing written.
 */
describe('NUL and lone surrogates in strings are malformed requests (10030), never a 500', () => {
  const t = useTestApp();
  let op: TestUser;
  let cust: TestUser;
  let withdrawalId: string;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    const u = await createUser(t.app);
    cust = u;
    await fund(t.app, u.id, 'USDT', '100');
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '20' },
      }),
    );
    withdrawalId = w.result.id;
  });

  const BAD = { nul: 'ab\u0000cd', high: 'ab\ud800cd', low: 'ab\udc00cd', trailingHigh: 'abcd\ud83d' };

  it('in JSON bodies: login, sendCode, register, repassword, withdrawal and the reject reason', async () => {
    const before = { ...(await counts(t)) };
    for (const [kind, s] of Object.entries(BAD)) {
      const cases: Array<[string, string, Record<string, unknown>, Record<string, string>]> = [
        ['login account', `${L}/login`, { account: `alice${s}`, password: PASSWORD }, {}],
        ['login password', `${L}/login`, { account: 'alice', password: `${PASSWORD}${s}` }, {}],
        ['sendCode email', `${L}/sendCode`, { email: `a${s}@example.com`, purpose: 'register' }, {}],
        [
          'register username',
          `${L}/register`,
          { username: `bob${s}`, email: 'bob@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: '123456' },
          {},
        ],
        [
          'register code',
          `${L}/register`,
          { username: 'bob', email: 'bob@example.com', password: PASSWORD, confirmPassword: PASSWORD, code: `12${s}` },
          {},
        ],
        [
          'repassword email',
          `${U}/repassword`,
          { email: `a${s}@example.com`, code: '123456', password: PASSWORD, confirmPassword: PASSWORD },
          {},
        ],
        // signed in: an anonymous caller is answered 401 before the body is validated
        [
          'withdrawal address',
          '/swx/customer/user/withdrawal',
          { method: 'USDT-TRC20', address: `T${s}`, amount: '20' },
          { authorization: cust.token, virtually: 'YES' },
        ],
        ['reject reason', `/admin-api/withdrawals/${withdrawalId}/reject`, { reason: `no${s}` }, { authorization: op.token }],
      ];
      for (const [name, url, payload, headers] of cases) {
        const res = await t.app.inject({ method: 'POST', url, payload, headers });
        expect(res.statusCode, `${name} (${kind})`).toBe(400);
        expect(body(res).code, `${name} (${kind})`).toBe(Err.MALFORMED_REQUEST);
      }
    }
    expect(await counts(t)).toEqual(before);
  });

  it('in query strings: checkUserNameOrPhone, the outbox and audit-log filters', async () => {
    const auth = { authorization: op.token };
    for (const [url, headers] of [
      [`${L}/checkUserNameOrPhone?username=ab%00cd`, {}],
      [`${L}/checkUserNameOrPhone?email=a%00b@example.com`, {}],
      ['/admin-api/outbox?recipient=a%00b', auth],
      ['/admin-api/audit-log?targetType=with%00drawal', auth],
    ] as const) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(body(res).code, url).toBe(Err.MALFORMED_REQUEST);
    }
  });

  it('well-formed text outside the basic plane still passes', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${L}/login`, payload: { account: 'emoji😀', password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(body(res).code).toBe(Err.PASSWORD_WRONG);
  });
});
