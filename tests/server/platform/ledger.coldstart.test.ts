import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../../server/platform/db/client.ts';
import { platformAccount, userAccount, type AccountRef, type TransferRequest } from '../../../server/platform/ledger/accounts.ts';
import { availableBalance, forgetAccountIds, transfer } from '../../../server/platform/ledger/ledger.ts';
import { reconcile } from '../../../server/platform/ledger/reconcile.ts';
import { usingPostgres, useTestApp, waitUntilWaiting } from '../helpers.ts';
import { marketClock, tick } from '../trading/tradingFixtures.ts';
import { ADDR, addReceiveAddresses, createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';

const move = (from: bigint, to: AccountRef, amount: string): TransferRequest => ({
  key: `test:${crypto.randomUUID()}`,
  book: 'real',
  asset: 'USDT',
  from: userAccount(from),
  to,
  amount,
  reason: 'deposit.approved',
});

/**
 * Issue 25 item 3: right after a restart no account id is remembered, so the first transfers of
 * a burst look their accounts up while later ones already take the one-statement path
 * (docs/ledger.md). Both paths lock the same rows the same way, and a transaction aborted by a
 * deadlock or a serialization failure is run again (server/platform/db/retry.ts): a burst of mixed money
 * requests on fresh accounts answers no 500.
 */
describe(`ledger: a cold-start burst of money requests (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));

  it('mixed opens, withdrawals and transfers on fresh accounts right after a restart: no 500, the ledger reconciles', async () => {
    await addReceiveAddresses(t.app);
    tick(t.app, clock, { BTCUSDT: 67000, ETHUSDT: 3500 });
    const statuses: number[] = [];
    const codes: number[] = [];
    for (let round = 0; round < 3; round++) {
      // fresh users each round: their margin and hold accounts do not exist yet
      const users: TestUser[] = [];
      for (let i = 0; i < 20; i++) users.push(await createUser(t.app));
      for (const u of users) await fund(t.app, u.id, 'USDT', '5000');
      forgetAccountIds(); // what a restart does to the remembered ids
      const calls = users.flatMap((u, i) => [
        t.app.inject({
          method: 'POST',
          url: '/swx/customer/order/buyOptions',
          headers: real(u),
          payload: {
            code: i % 2 ? 'ETHUSDT' : 'BTCUSDT',
            direction: 'up',
            lots: '0.01',
            leverage: 10,
            period: 300,
            clientKey: crypto.randomUUID(),
          },
        }),
        t.app.inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: real(u),
          payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '20' },
        }),
        t.app.inject({
          method: 'POST',
          url: '/swx/customer/user/withdrawal',
          headers: real(u),
          payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '30' },
        }),
        t.app.inject({
          method: 'POST',
          url: '/swx/customer/order/buyOptions',
          headers: real(u),
          payload: { code: 'BTCUSDT', direction: 'down', lots: '0.01', leverage: 5, period: 60, clientKey: crypto.randomUUID() },
        }),
      ]);
      for (const r of await Promise.all(calls)) {
        statuses.push(r.statusCode);
        codes.push((r.json() as { code: number }).code);
      }
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(codes.filter((c) => c >= 10000 && c < 20000)).toEqual([]);
    expect((await reconcile(t.app.db)).ok).toBe(true);
  });
});

/**
 * The interleaving the probe's deadlocks came from, forced: transaction A moves money off a
 * user's account on the look-up path (its account ids not yet known), transaction B starts a
 * transfer of the same account on the look-up path and queues behind A, then A pays a fee on the
 * one-statement path. Before issue 25 the one statement locked FOR UPDATE, which waits for the
 * KEY SHARE lock B's new transfer row holds on the account, while B waits for A: a deadlock.
 * Both paths now lock FOR NO KEY UPDATE, in id order, so A goes on and B follows.
 */
describe(`ledger: the look-up path and the one statement lock alike (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const t = useTestApp();

  it('a transfer queued on an account does not deadlock with the fee the holder pays next', async () => {
    const pool = t.app.database.pool;
    if (!pool) return; // PGlite runs one transaction at a time: nothing can interleave
    const u = await createUser(t.app);
    const v = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '100');
    await fund(t.app, v.id, 'USDT', '100');
    // the fees account is known (another user paid a fee), u's accounts are not: a cold start
    await t.app.db.transaction((tx) => transfer(tx, move(v.id, platformAccount('fees'), '1')));
    forgetAccountIds();
    await t.app.db.transaction((tx) => transfer(tx, move(v.id, platformAccount('fees'), '1')));
    // plain connections: no retry may hide a deadlock here
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      const [da, dbb] = [
        drizzle(a, { casing: 'snake_case' }) as unknown as Db,
        drizzle(b, { casing: 'snake_case' }) as unknown as Db,
      ];
      const pidB = (await b.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      await a.query('begin');
      await transfer(da, move(u.id, userAccount(u.id, 'order_margin'), '10')); // look-up path: u's ids now known
      await b.query('begin');
      // look-up path (the hold account is new): inserts its transfer row, then waits for A on u's balance
      const queued = transfer(dbb, move(u.id, userAccount(u.id, 'withdrawal_hold'), '5')).then(
        () => 'ok',
        (e: unknown) => e,
      );
      await waitUntilWaiting(t.app.db, pidB);
      const fee = await transfer(da, move(u.id, platformAccount('fees'), '1')).then(
        () => 'ok',
        (e: unknown) => e,
      );
      await a.query(fee === 'ok' ? 'commit' : 'rollback');
      const second = await queued;
      await b.query(second === 'ok' ? 'commit' : 'rollback');
      expect([fee, second]).toEqual(['ok', 'ok']);
    } finally {
      a.release();
      b.release();
    }
    expect(await availableBalance(t.app.db, u.id, 'real', 'USDT')).toBe('84.000000');
  });
});
