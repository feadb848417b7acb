import { beforeAll, describe, expect, it } from 'vitest';
import { body, useTestApp } from '../helpers.ts';
import {
  ADDR,
  addReceiveAddresses,
  adminCall,
  counts,
  createUser,
  fund,
  recharge,
  rechargeFields,
  real,
  type TestUser,
} from './walletFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

/** An operator's own deposits and withdrawals are reviewed by another operator. */
describe('four-eyes review', () => {
  const t = useTestApp();
  let op: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    other = await createUser(t.app, 'operator');
    expect(
      (await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: ADDR.TRON })).code,
    ).toBe(Ok.SUCCESS);
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
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(op),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '50' },
      }),
    );
    expect(w.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    const payout = { payoutTxHash: 'a'.repeat(64) };
    expect((await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/approve`, payout)).code).toBe(Err.OWN_RECORD_REVIEW);
    expect((await adminCall(t.app, other, 'POST', `/withdrawals/${w.result.id}/approve`, payout)).code).toBe(Ok.SUCCESS);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});

/**
 * Issue 25 item 2: the threshold applies to what one operator approves alone for one customer
 * over 24 hours (deposits and withdrawals together, in USDT), so splitting does not avoid it.
 */
describe('four eyes over what one operator approves for one customer in 24 hours', () => {
  const t = useTestApp({ fourEyesAboveUsdt: '10000', depositPendingMax: 20, depositClaimsPerHour: 50 });
  let op: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    other = await createUser(t.app, 'operator');
    await addReceiveAddresses(t.app);
  });

  it('ten claims of exactly the threshold: the first alone, every further one needs a second operator', async () => {
    const u = await createUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(body(await recharge(t.app, u, rechargeFields({ amount: '10000' }))).result.id);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${ids[0]}/approve`, {})).result.status).toBe('approved');
    for (const id of ids.slice(1)) {
      const r = await adminCall(t.app, op, 'POST', `/deposits/${id}/approve`, {});
      expect(r.result).toMatchObject({ status: 'pending', firstApprovedBy: String(op.id) });
      expect((await adminCall(t.app, op, 'POST', `/deposits/${id}/approve`, {})).code).toBe(Err.SECOND_OPERATOR_REQUIRED);
    }
    // the second operator completes them; four-eyed approvals do not fill its own solo window
    for (const id of ids.slice(1))
      expect((await adminCall(t.app, other, 'POST', `/deposits/${id}/approve`, {})).result.status).toBe('approved');
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('withdrawals count with deposits: 6,000 in and 5,000 out is 11,000 approved by one operator', async () => {
    const u = await createUser(t.app);
    const d = body(await recharge(t.app, u, rechargeFields({ amount: '6000' })));
    expect((await adminCall(t.app, op, 'POST', `/deposits/${d.result.id}/approve`, {})).result.status).toBe('approved');
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '5000' },
      }),
    );
    expect(w.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    const payout = { payoutTxHash: 'c'.repeat(64) };
    const before = await counts(t.app);
    const first = await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/approve`, payout);
    expect(first.result).toMatchObject({ status: 'pending', firstApprovedBy: String(op.id) });
    expect(await counts(t.app)).toMatchObject({ transfers: before.transfers }); // nothing paid out yet
    // another operator's own window for this customer is still empty: a small one it approves alone
    const small = body(await recharge(t.app, u, rechargeFields({ amount: '200' })));
    expect((await adminCall(t.app, other, 'POST', `/deposits/${small.result.id}/approve`, {})).result.status).toBe('approved');
    expect((await adminCall(t.app, other, 'POST', `/withdrawals/${w.result.id}/approve`, payout)).result.status).toBe('approved');
  });

  it('parallel approvals cannot slip under it: three of 4,000 at once, two alone and one waits', async () => {
    const u = await createUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(body(await recharge(t.app, u, rechargeFields({ amount: '4000' }))).result.id);
    const results = await Promise.all(ids.map((id) => adminCall(t.app, op, 'POST', `/deposits/${id}/approve`, {})));
    expect(results.map((r) => r.code)).toEqual([Ok.SUCCESS, Ok.SUCCESS, Ok.SUCCESS]);
    expect(results.map((r) => r.result.status).sort()).toEqual(['approved', 'approved', 'pending']);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
