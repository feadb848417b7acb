/**
 * A client generated from the served contract, used (issue 43, item 2; docs/api.md, "A generated
 * client"): the types in api.generated.ts are openapi-typescript's reading of /docs/json, and an
 * openapi-fetch client typed by them signs a customer up, trades in the demo book, reads the
 * portfolio and withdraws from the real book. A route renamed or a field changed in the service
 * makes the committed types stale (the first test), and the client code stops compiling or its
 * calls stop answering (the second), so the document and the service cannot drift apart.
 */
import fs from 'node:fs';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { Ok } from '../../../src/contract/errors.ts';
import { API_TYPES_FILE, apiTypesOf } from '../../../scripts/apiTypes.ts';
import { codeFromOutbox, freshIp, PASSWORD } from '../auth.helpers.ts';
import { marketClock, tick } from '../trading/tradingFixtures.ts';
import { ADDR, fund } from '../wallet/walletFixtures.ts';
import { useTestApp, type TestApp } from '../helpers.ts';
import type { paths } from './api.generated.ts';

/** The client over the platform itself: each request goes through app.inject, from its own address. */
function clientOf(t: TestApp) {
  return createClient<paths>({
    baseUrl: 'http://platform.test',
    fetch: async (req: Request) => {
      const url = new URL(req.url);
      const text = await req.text();
      const res = await t.app.inject({
        method: req.method as 'GET' | 'POST',
        url: url.pathname + url.search,
        headers: { ...Object.fromEntries(req.headers), 'x-forwarded-for': freshIp() },
        ...(text ? { payload: text } : {}),
      });
      return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> });
    },
  });
}

const key = () => crypto.randomUUID();

/** The result of an answer with the expected code (the envelope's result is null on a refusal). */
function resultOf<T>(res: { data?: { code: number; msg: string; result: T | null } }, code: number = Ok.SUCCESS): T {
  expect(res.data?.code, res.data?.msg).toBe(code);
  expect(res.data?.result).not.toBeNull();
  return res.data!.result as T;
}

describe('the generated client', () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));

  it(`${API_TYPES_FILE} is openapi-typescript's reading of the served document (npm run api:types writes it)`, async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8') === (await apiTypesOf(doc)), 'stale: run `npm run api:types`').toBe(true);
  });

  it('signs up, trades in the demo book, reads the portfolio and withdraws, through the contract only', async () => {
    const api = clientOf(t);
    const email = `client_${key().slice(0, 8)}@example.com`;

    // sign-up: a code by mail, then the account, signed in
    resultOf(await api.POST('/swx/customer/login/sendCode', { body: { email, purpose: 'register' } }));
    const code = await codeFromOutbox(t, email);
    const username = `client${key().slice(0, 8)}`;
    const { token } = resultOf(
      await api.POST('/swx/customer/login/register', {
        body: { username, email, password: PASSWORD, confirmPassword: PASSWORD, code },
      }),
    );
    const demo = { authorization: token, virtually: 'NO' } as const;
    const real = { authorization: token, virtually: 'YES' } as const;

    // the demo book: a position opened at the feed's price, listed, in the portfolio, closed
    await tick(t.app, clock, { BTCUSDT: 50_000 });
    const order = resultOf(
      await api.POST('/swx/customer/order/buyOptions', {
        headers: demo,
        body: { code: 'BTCUSDT', direction: 'up', lots: '0.1', leverage: 10, period: 300, clientKey: key() },
      }),
      Ok.PURCHASE_SUCCESSFUL,
    );
    expect(order).toMatchObject({ status: 'open', book: 'demo', openPrice: '50000.00', margin: '500.000000' });
    const list = resultOf(
      await api.GET('/swx/customer/order/listOptionsOrder', { headers: demo, params: { query: { pageSize: 10 } } }),
    );
    expect(list.rows.map((r) => r.id)).toEqual([order.id]);
    const open = resultOf(
      await api.GET('/swx/customer/portfolio/summary', { headers: demo, params: { query: { book: 'demo' } } }),
    );
    expect(open.positions).toHaveLength(1);

    await tick(t.app, clock, { BTCUSDT: 50_500 });
    const closed = resultOf(await api.POST('/swx/customer/order/closeOptions', { headers: demo, body: { id: order.id } }));
    expect(closed).toMatchObject({ status: 'closed', closePrice: '50500.00', net: '45.000000' });

    // the real book: funds as an approved deposit leaves them, then a withdrawal, held at once
    const me = resultOf(await api.POST('/swx/customer/user/getUserInfo', { headers: real }));
    await fund(t.app, BigInt(me.user.id), 'USDT', '500');
    const methods = resultOf(await api.GET('/swx/customer/user/withdrawalMethods', { headers: real }));
    expect(JSON.stringify(methods)).toContain('USDT-TRC20');
    const out = resultOf(
      await api.POST('/swx/customer/user/withdrawal', {
        headers: real,
        body: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '100', clientKey: key() },
      }),
      Ok.WITHDRAWAL_SUBMITTED,
    );
    expect(out).toMatchObject({ status: 'pending', amount: '100.000000', receiveAmount: '99.000000' });

    const after = resultOf(
      await api.GET('/swx/customer/portfolio/summary', { headers: real, params: { query: { book: 'real' } } }),
    );
    expect(after.parts).toMatchObject({ available: '400.000000', held: '100.000000' });
    const records = resultOf(await api.GET('/swx/customer/user/listWithdrwal', { headers: real, params: { query: {} } }));
    expect(records.rows.map((r) => r.id)).toEqual([out.id]);
  });
});
