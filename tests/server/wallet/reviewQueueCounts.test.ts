/**
 * The operators' queue totals are read from `review_queue_counts` (server/wallet/queueCounts.ts),
 * which a trigger keeps in the transaction of every change to a deposit or a withdrawal
 * (migration 0027). The totals the queues answer equal the rows, through the routes and through
 * every kind of change the trigger sees; a truncation, which it cannot see, is refused. Every
 * server test's platform also compares the kept totals with the rows when it closes
 * (tests/server/helpers.ts, checkQueueCounts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { body, checkQueueCounts, usingPostgres, useTestApp } from '../helpers.ts';
import { addReceiveAddresses, adminCall, createUser, hash, recharge, rechargeFields, type TestUser } from './walletFixtures.ts';
import { deposits, withdrawals } from '../../../server/wallet/schema.ts';
import { Ok } from '../../../src/contract/errors.ts';

describe(`operator queue totals kept by the database (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const t = useTestApp();
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    await addReceiveAddresses(t.app);
  });

  const queue = async (query: string) => {
    const r = await adminCall(t.app, op, 'GET', `/deposits?${query}`);
    expect(r.code).toBe(Ok.SUCCESS);
    return r.result as { total: number; rows: Array<{ id: string }> };
  };
  const counted = async (where: ReturnType<typeof eq> | undefined) =>
    Number(
      (
        await t.app.db
          .select({ n: sql<string>`count(*)` })
          .from(deposits)
          .where(where)
      )[0].n,
    );

  it("claims, an approval and a rejection: each queue and filter answers the rows' count", async () => {
    const claims: string[] = [];
    for (const coin of ['USDT', 'USDT', 'USDT', 'BTC']) {
      const u = await createUser(t.app);
      const r = body(
        await recharge(t.app, u, rechargeFields(coin === 'BTC' ? { coin: 'BTC', network: 'BTC', amount: '0.015' } : {})),
      );
      expect(r.code).toBe(Ok.RECHARGE_SUBMITTED);
      claims.push(r.result.id);
    }
    expect((await queue('status=pending&pageNum=1&pageSize=2')).total).toBe(4);
    expect((await queue('status=pending&coin=USDT&pageNum=1&pageSize=20')).total).toBe(3);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${claims[0]}/approve`, {})).code).toBe(Ok.SUCCESS);
    expect((await adminCall(t.app, op, 'POST', `/deposits/${claims[3]}/reject`, { reason: 'no such transaction' })).code).toBe(
      Ok.SUCCESS,
    );
    const pending = await queue('status=pending&pageNum=1&pageSize=20');
    expect(pending.total).toBe(2);
    expect(pending.rows.map((r) => r.id).sort()).toEqual([claims[1], claims[2]].sort());
    expect((await queue('status=approved&pageNum=1&pageSize=20')).total).toBe(await counted(eq(deposits.status, 'approved')));
    expect((await queue('status=rejected&coin=BTC&pageNum=1&pageSize=20')).total).toBe(1);
    expect((await queue('pageNum=1&pageSize=20')).total).toBe(await counted(undefined));
    await checkQueueCounts(t.app.db);
  });

  it('inserts, status and coin changes and deletes are all counted; a truncation is refused', async () => {
    const u = await createUser(t.app);
    const [w] = await t.app.db
      .insert(withdrawals)
      .values({
        userId: u.id,
        coin: 'USDT',
        network: 'TRC20',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        amount: '10',
        feeRate: '0.01',
        fee: '0.1',
        receiveAmount: '9.9',
      })
      .returning({ id: withdrawals.id });
    await checkQueueCounts(t.app.db);
    await t.app.db.update(withdrawals).set({ status: 'rejected' }).where(eq(withdrawals.id, w.id));
    await checkQueueCounts(t.app.db);
    await t.app.db.update(withdrawals).set({ coin: 'BTC' }).where(eq(withdrawals.id, w.id));
    await checkQueueCounts(t.app.db);
    await t.app.db.delete(withdrawals).where(eq(withdrawals.id, w.id));
    await checkQueueCounts(t.app.db);
    const r = await adminCall(t.app, op, 'GET', '/withdrawals?status=rejected&pageNum=1&pageSize=20');
    expect(r.result.total).toBe(0);
    await expect(t.app.db.execute(sql`truncate deposits cascade`)).rejects.toThrow();
    await checkQueueCounts(t.app.db);
  });

  it.runIf(usingPostgres())('concurrent claims and reviews on separate connections lose no count', async () => {
    const u = await createUser(t.app);
    const ids = await t.app.db
      .insert(deposits)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          userId: u.id,
          coin: 'USDT',
          network: 'TRC20',
          amount: '5',
          txHash: `q${i}${hash()}`,
          txHashKey: `q${i}${hash()}`,
          proofLast6: '000000',
          proofFile: `proof/q${i}`,
          proofMime: 'image/png',
        })),
      )
      .returning({ id: deposits.id });
    const pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 12 });
    try {
      await Promise.all([
        ...ids.map((d, i) =>
          pool.query(`update deposits set status = $1 where id = $2`, [i % 2 ? 'approved' : 'rejected', String(d.id)]),
        ),
        ...Array.from({ length: 12 }, (_, i) =>
          pool.query(
            `insert into deposits (user_id, coin, network, amount, tx_hash, tx_hash_key, proof_last6, proof_file, proof_mime) values ($1, 'USDT', 'TRC20', 5, $2, $2, '000000', 'proof/x', 'image/png')`,
            [String(u.id), `c${i}${hash()}`],
          ),
        ),
      ]);
    } finally {
      await pool.end();
    }
    await checkQueueCounts(t.app.db);
  });
});
