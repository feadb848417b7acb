/**
 * Ids on the wire are 1–19 digits, so a client can send one above PostgreSQL's bigint range.
 * Such an id names no record: it must be a coded refusal (Err.MALFORMED_REQUEST), never a 500, and change nothing.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body, useTestApp } from '../helpers.ts';
import { IMAGES, kycFields, multipartMany } from '../kyc/kycFixtures.ts';
import { adminCall, counts, createUser, multipart, PNG, real } from '../wallet/walletFixtures.ts';
import { Err } from '../../../src/contract/errors.ts';
import { LOAN_PATHS } from '../../../src/contract/loans.ts';

const HUGE = '9999999999999999999'; // 19 digits, > 9223372036854775807

describe('ids above the bigint range', () => {
  const t = useTestApp();

  it('user routes refuse them with 10030 (HTTP 400), nothing written', async () => {
    const u = await createUser(t.app);
    const before = await counts(t.app);
    const proof = await t.app.inject({ method: 'GET', url: `/swx/customer/user/rechargeProof/${HUGE}`, headers: real(u) });
    expect([proof.statusCode, body(proof).code]).toEqual([400, Err.MALFORMED_REQUEST]);
    const read = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/user/readNotifications',
      headers: real(u),
      payload: { ids: ['1', HUGE] },
    });
    expect([read.statusCode, body(read).code]).toEqual([400, Err.MALFORMED_REQUEST]);
    expect(await counts(t.app)).toEqual(before);
  });

  it('operator routes refuse them with 10030, nothing written; the largest bigint is simply not found', async () => {
    const op = await createUser(t.app, 'operator');
    const before = await counts(t.app);
    for (const [method, url, payload] of [
      ['GET', `/deposits?userId=${HUGE}`],
      ['GET', `/withdrawals?userId=${HUGE}`],
      ['GET', `/audit-log?actorId=${HUGE}`],
      ['GET', `/deposits/${HUGE}/proof`],
      ['POST', `/deposits/${HUGE}/approve`, {}],
      ['POST', `/deposits/${HUGE}/reject`, { reason: 'no' }],
      ['POST', `/withdrawals/${HUGE}/approve`, { payoutTxHash: 'ab'.repeat(32) }],
      ['POST', `/withdrawals/${HUGE}/reject`, { reason: 'no' }],
      ['PUT', `/deposit-addresses/${HUGE}`, { enabled: false }],
      ['DELETE', `/deposit-addresses/${HUGE}`],
    ] as const) {
      const res = await adminCall(t.app, op, method, url, payload);
      expect(res.code, `${method} ${url}`).toBe(Err.MALFORMED_REQUEST);
    }
    expect(await counts(t.app)).toEqual(before);
    expect((await adminCall(t.app, op, 'POST', '/deposits/9223372036854775807/approve', {})).code).toBe(Err.RECORD_NOT_FOUND);
  });

  // issue 25 item 7: ids in JSON bodies went to the database unchecked (HTTP 500)
  it('ids above the range in JSON bodies: 10030 (HTTP 400) on every route that takes one, nothing written', async () => {
    const u = await createUser(t.app);
    const key = () => crypto.randomUUID().replaceAll('-', '');
    const before = await rowCounts();
    for (const [url, payload] of [
      ['/swx/customer/order/buySmart', { productId: HUGE, amount: '100', days: 7, clientKey: key() }],
      ['/swx/customer/support/sendMessage', { conversationId: HUGE, text: 'hello', clientKey: key() }],
      [LOAN_PATHS.repay, { id: HUGE, amount: '1', clientKey: key() }],
      ['/swx/customer/user/buyNft', { id: HUGE, kind: 'buy', amount: '1', clientKey: key() }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: real(u), payload });
      expect([res.statusCode, body(res).code], url).toEqual([400, Err.MALFORMED_REQUEST]);
    }
    const img = multipart({ conversationId: HUGE, clientKey: key() }, { field: 'image', content: PNG });
    const res = await t.app.inject({
      method: 'POST',
      url: '/swx/customer/support/sendImage',
      headers: { ...real(u), ...img.headers },
      payload: img.payload,
    });
    expect([res.statusCode, body(res).code], 'sendImage').toEqual([400, Err.MALFORMED_REQUEST]);
    expect(await rowCounts()).toEqual(before);
  });

  it("multipart text fields follow the JSON bodies' rules: a NUL character is 10030, nothing written", async () => {
    const u = await createUser(t.app);
    const key = () => crypto.randomUUID().replaceAll('-', '');
    const before = await rowCounts();
    const send = async (url: string, m: { payload: Buffer; headers: Record<string, string> }) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...real(u), ...m.headers }, payload: m.payload });
      return [res.statusCode, body(res).code];
    };
    expect(
      await send('/swx/customer/user/identification', multipartMany(kycFields({ firstName: 'A\u0000da' }), IMAGES)),
      'KYC firstName',
    ).toEqual([400, Err.MALFORMED_REQUEST]);
    const loan = multipart(
      {
        collateralAsset: 'BTC',
        amount: '1000',
        days: '30',
        agreementVersion: '1',
        fullName: 'Ada\u0000Lovelace',
        clientKey: key(),
      },
      { field: 'signature', content: PNG, filename: 'signature.png' },
    );
    expect(await send(LOAN_PATHS.submit, loan), 'loan fullName').toEqual([400, Err.MALFORMED_REQUEST]);
    const image = multipart({ conversationId: '1', clientKey: key(), text: 'look\u0000' }, { field: 'image', content: PNG });
    expect(await send('/swx/customer/support/sendImage', image), 'support text').toEqual([400, Err.MALFORMED_REQUEST]);
    expect(await rowCounts()).toEqual(before);
  });

  /** Rows of every table but the request bookkeeping (sessions, rate counters). */
  async function rowCounts() {
    const rows = async (text: string) =>
      ((await t.app.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, string>> }).rows;
    const tables = (
      await rows(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('sessions', 'rate_counters', 'login_failures') order by 1`)
    ).map((r) => r.t);
    const out: Record<string, string> = {};
    for (const tb of tables) out[tb] = (await rows(`select count(*)::text as n from "${tb}"`))[0].n;
    return out;
  }
});
