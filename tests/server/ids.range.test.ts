/**
 * Ids on the wire are 1–19 digits, so a client can send one above PostgreSQL's bigint range.
 * Such an id names no record: it must be a coded refusal (Err.MALFORMED_REQUEST), never a 500, and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { body, useTestApp } from './helpers.ts';
import { adminCall, counts, createUser, real } from './walletFixtures.ts';
import { Err } from '../../src/contract/errors.ts';

const HUGE = '9999999999999999999'; // 19 digits, > 9223372036854775807

describe('ids above the bigint range', () => {
  const t = useTestApp();

  it('user routes refuse them with 10030 (HTTP 400), nothing written', async () => {
    const u = await createUser(t.app);
    const before = await counts(t.app);
    const proof = await t.app.inject({ method: 'GET', url: `/swx/customer/user/rechargeProof/${HUGE}`, headers: real(u) });
    expect([proof.statusCode, body(proof).code]).toEqual([400, Err.MALFORMED_REQUEST]);
    const read = await t.app.inject({ method: 'POST', url: '/swx/customer/user/readNotifications', headers: real(u), payload: { ids: ['1', HUGE] } });
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
});
