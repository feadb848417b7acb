import { beforeAll, describe, expect, it } from 'vitest';
import { body, useTestApp } from './helpers.ts';
import { ADDR, adminCall, counts, createUser, fund, recharge, rechargeFields, real, type TestUser } from './walletFixtures.ts';
import { reconcile } from '../../server/ledger/reconcile.ts';
import { Err, Ok } from '../../src/contract/errors.ts';

/** An operator's own deposits and withdrawals are reviewed by another operator. */
describe('four-eyes review', () => {
  const t = useTestApp();
  let op: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    other = await createUser(t.app, 'operator');
    expect((await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: ADDR.TRON })).code).toBe(Ok.SUCCESS);
  });

  it('an operator cannot approve (or reject) a deposit they claimed themselves; another operator can', async () => {
    const submitted = body(await recharge(t.app, op, rechargeFields({ amount: '500' })));
    expect(submitted.code).toBe(Ok.RECHARGE_SUBMITTED);
    const id = submitted.result.id as string;
    const before = await counts(t.app);
    for (const action of ['approve', 'reject']) {
      const r = await adminCall(t.app, op, 'POST', `/deposits/${id}/${action}`, action === 'reject' ? { reason: 'mine' } : {});
      expect(r.code).toBe(Err.OWN_RECORD_REVIEW);
    }
    expect(await counts(t.app)).toEqual(before); // nothing written, no audit line, no money
    expect((await adminCall(t.app, other, 'POST', `/deposits/${id}/approve`, {})).code).toBe(Ok.SUCCESS);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('an operator cannot pay out their own withdrawal', async () => {
    await fund(t.app, op.id, 'USDT', '100');
    const w = body(await t.app.inject({ method: 'POST', url: '/swx/customer/user/withdrawal', headers: real(op), payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '50' } }));
    expect(w.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    const payout = { payoutTxHash: 'a'.repeat(64) };
    expect((await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/approve`, payout)).code).toBe(Err.OWN_RECORD_REVIEW);
    expect((await adminCall(t.app, other, 'POST', `/withdrawals/${w.result.id}/approve`, payout)).code).toBe(Ok.SUCCESS);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
