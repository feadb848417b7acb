import { beforeAll, describe, expect, it } from 'vitest';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import {
  ADDR,
  counts,
  createUser,
  fund,
  real,
  recharge,
  rechargeFields,
  hash,
  type TestUser,
  addReceiveAddresses,
} from './walletFixtures.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

/**
 * Races on one balance and one record. Under TEST_DB=postgres the app runs on a pg Pool of 20,
 * so the requests really overlap; on PGlite they queue on the single connection. Both must give
 * the same answer.
 */
describe(`wallet concurrency (${usingPostgres() ? 'PostgreSQL pool' : 'PGlite'})`, () => {
  const t = useTestApp();
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    await addReceiveAddresses(t.app);
  });

  it('200 simultaneous withdrawals against a balance covering 10: exactly 10 holds, 190 refusals 10011', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '250'); // 10 × 25
    const before = await counts(t.app);
    const replies = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: real(u),
          payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '25' },
        }),
      ),
    );
    const codes = replies.map((r) => body(r).code);
    expect(codes.filter((c) => c === Ok.WITHDRAWAL_SUBMITTED)).toHaveLength(10);
    expect(codes.filter((c) => c === Err.INSUFFICIENT_BALANCE)).toHaveLength(190);
    const after = await counts(t.app);
    expect(after.withdrawals - before.withdrawals).toBe(10);
    expect(after.transfers - before.transfers).toBe(10);
    const bal = body(await t.app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result.assets[0];
    expect(bal).toMatchObject({ asset: 'USDT', available: '0.000000', withdrawalHold: '250.000000' });
    const report = await reconcile(t.app.db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('a deposit approved twice at once is credited once', async () => {
    const u = await createUser(t.app);
    const dep = body(await recharge(t.app, u, rechargeFields({ amount: '500' })));
    expect(dep.code).toBe(Ok.RECHARGE_SUBMITTED);
    const before = await counts(t.app);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/admin-api/deposits/${dep.result.id}/approve`,
          headers: { authorization: op.token },
          payload: {},
        }),
      ),
    );
    const codes = replies.map((r) => body(r).code).sort();
    expect(codes.filter((c) => c === Ok.SUCCESS)).toHaveLength(1);
    expect(codes.filter((c) => c === Err.STATUS_TRANSITION_DENIED)).toHaveLength(7);
    const after = await counts(t.app);
    expect(after.transfers - before.transfers).toBe(1);
    expect(after.audit - before.audit).toBe(1);
    expect(after.notifications - before.notifications).toBe(1);
    const bal = body(await t.app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result.assets[0];
    expect(bal.available).toBe('500.000000');
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('approve and reject racing on one withdrawal: one wins, money moves once', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '100');
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '100' },
      }),
    );
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/admin-api/withdrawals/${w.result.id}/approve`,
          headers: { authorization: op.token },
          payload: { payoutTxHash: hash() },
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/admin-api/withdrawals/${w.result.id}/reject`,
          headers: { authorization: op.token },
          payload: { reason: 'race' },
        }),
      ),
    ]);
    const codes = replies.map((r) => body(r).code);
    expect(codes.filter((c) => c === Ok.SUCCESS)).toHaveLength(1);
    expect(codes.filter((c) => c === Err.STATUS_TRANSITION_DENIED)).toHaveLength(7);
    const bal = body(await t.app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result.assets[0];
    expect(bal.withdrawalHold).toBe('0.000000');
    expect(['0.000000', '100.000000']).toContain(bal.available);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('the same transaction hash claimed 20 times at once is stored once (10038 for the rest)', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    const txHash = hash();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => recharge(t.app, users[i % 4], rechargeFields({ txHash }))),
    );
    const codes = replies.map((r) => body(r).code);
    expect(codes.filter((c) => c === Ok.RECHARGE_SUBMITTED)).toHaveLength(1);
    expect(codes.filter((c) => c === Err.TX_HASH_USED)).toHaveLength(19);
  });

  it('a withdrawal with a client key is made once: 2 parallel and 2 sequential identical submissions, one withdrawal, one hold', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '100');
    const before = await counts(t.app);
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '30', clientKey: 'retry-key_0001' },
      });
    const parallel = (await Promise.all([submit(), submit()])).map((r) => body(r));
    const sequential = [body(await submit()), body(await submit())];
    const all = [...parallel, ...sequential];
    for (const r of all) expect(r.code, r.msg).toBe(Ok.WITHDRAWAL_SUBMITTED);
    expect(new Set(all.map((r) => r.result.id)).size).toBe(1);
    const after = await counts(t.app);
    expect(after.withdrawals - before.withdrawals).toBe(1);
    expect(after.transfers - before.transfers).toBe(1);
    expect(after.notifications - before.notifications).toBe(1);
    const bal = body(await t.app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result.assets[0];
    expect(bal).toMatchObject({ available: '70.000000', withdrawalHold: '30.000000' });
    // another key, or another user with the same key, is another withdrawal
    const other = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(u),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '30', clientKey: 'retry-key_0002' },
      }),
    );
    expect(other.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    expect(other.result.id).not.toBe(all[0].result.id);
    const v = await createUser(t.app);
    await fund(t.app, v.id, 'USDT', '100');
    const theirs = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(v),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '30', clientKey: 'retry-key_0001' },
      }),
    );
    expect(theirs.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    expect(theirs.result.id).not.toBe(all[0].result.id);
    // a malformed key is refused at validation
    for (const clientKey of ['short', 'x'.repeat(65), 'with space!']) {
      const bad = body(
        await t.app.inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: real(u),
          payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '10', clientKey },
        }),
      );
      expect(bad.code, clientKey).toBe(Err.MALFORMED_REQUEST);
    }
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });

  it('one payout transaction hash approves one withdrawal (10038 for another, also with 0x or another case)', async () => {
    const u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '100');
    const submit = async () =>
      body(
        await t.app.inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: real(u),
          payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '20' },
        }),
      ).result.id as string;
    const [a, b, c] = [await submit(), await submit(), await submit()];
    const payoutTxHash = hash();
    const approve = (id: string, h: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin-api/withdrawals/${id}/approve`,
        headers: { authorization: op.token },
        payload: { payoutTxHash: h },
      });
    expect(body(await approve(a, payoutTxHash)).code).toBe(Ok.SUCCESS);
    const before = await counts(t.app);
    expect(body(await approve(b, payoutTxHash)).code).toBe(Err.TX_HASH_USED);
    expect(body(await approve(b, `0x${payoutTxHash.toUpperCase()}`)).code).toBe(Err.TX_HASH_USED);
    expect(await counts(t.app)).toEqual(before);
    // at once: two withdrawals approved with one new hash, one wins
    const h2 = hash();
    const codes = (await Promise.all([approve(b, h2), approve(c, h2)])).map((r) => body(r).code).sort();
    expect(codes).toEqual([Ok.SUCCESS, Err.TX_HASH_USED].sort());
    const bal = body(await t.app.inject({ url: '/swx/customer/user/balances', headers: real(u) })).result.assets[0];
    expect(bal.withdrawalHold).toBe('20.000000');
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});
