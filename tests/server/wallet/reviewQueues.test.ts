/**
 * The operators' review queues at scale (issue 42, docs/performance.md "Review queues"): filters
 * by customer, coin, network, amount and age; sorts by age and amount; keyset paging that walks
 * the whole queue once, in order, whatever is decided meanwhile; and the age of each queue's
 * oldest pending item, on the console and in /metrics, read from the shared database.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { adminCall, createUser, type TestUser } from './walletFixtures.ts';

const MIN = 60_000;

describe(`review queues: filters, sorts, keyset paging, oldest item (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now, metricsToken: 'm' }));
  let op: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const made: Array<{ id: string; amount: string; network: string; userId: bigint; at: number }> = [];

  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    const start = clock.now();
    // 30 pending: ages 1..30 minutes, amounts spread, two networks, two customers
    for (let i = 1; i <= 30; i++) {
      const u = i % 3 === 0 ? bob : alice;
      const network = i % 2 === 0 ? 'TRC20' : 'ERC20';
      const amount = String(100 + ((i * 37) % 50) * 10);
      const at = start - i * MIN;
      const r = await t.app.db
        .execute(sql`insert into deposits (user_id, coin, network, amount, tx_hash, tx_hash_key, proof_last6, proof_file, proof_mime, status, created_at)
        values (${u.id}, 'USDT', ${network}, ${amount}, ${`qtx${i}`}, ${`qtx${i}`}, '123456', ${`proof/q-${i}`}, 'image/png', 'pending', ${new Date(at).toISOString()}::timestamptz)
        returning id`);
      const id = String((r as unknown as { rows: Array<{ id: string | number | bigint }> }).rows[0].id);
      made.push({ id, amount, network, userId: u.id, at });
    }
  });

  const page = async (query: string) => {
    const r = await adminCall(t.app, op, 'GET', `/deposits?status=pending&${query}`);
    expect(r.code, r.msg).toBe(Ok.SUCCESS);
    return r.result as {
      rows: Array<{ id: string; amount: string; network: string; userId: string }>;
      total: number;
      next: string | null;
    };
  };
  const walk = async (query: string) => {
    const ids: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const p = await page(`${query}&pageSize=7${next ? `&after=${next}` : ''}`);
      ids.push(...p.rows.map((r) => r.id));
      next = p.next;
      pages++;
    } while (next && pages < 20);
    return ids;
  };

  it('oldest first, walked by keyset: every pending item once, in age order', async () => {
    const byAge = [...made].sort((a, b) => a.at - b.at).map((d) => d.id);
    expect(await walk('sort=age')).toEqual(byAge);
    const first = await page('sort=age&pageSize=7');
    expect(first.total).toBe(30);
    expect(first.next).toEqual(expect.any(String));
  });

  it('largest first, ties by id: every pending item once', async () => {
    const byAmount = [...made]
      .sort((a, b) => Number(b.amount) - Number(a.amount) || Number(b.id) - Number(a.id))
      .map((d) => d.id);
    expect(await walk('sort=amount')).toEqual(byAmount);
  });

  it('filters: customer, network, amount range and age; totals count the filter', async () => {
    const mine = await page(`userId=${bob.id}&sort=age&pageSize=50`);
    expect(mine.rows.every((r) => r.userId === String(bob.id))).toBe(true);
    expect(mine.total).toBe(made.filter((d) => d.userId === bob.id).length);
    const trc = await page('network=TRC20&minAmount=200&maxAmount=400&sort=age&pageSize=50');
    const expected = made.filter((d) => d.network === 'TRC20' && Number(d.amount) >= 200 && Number(d.amount) <= 400);
    expect(trc.rows.map((r) => r.id).sort()).toEqual(expected.map((d) => d.id).sort());
    expect(trc.total).toBe(expected.length);
    // waiting 20 minutes or more: the ten oldest
    const old = await page('olderThanMinutes=21&sort=age&pageSize=50');
    expect(old.rows.map((r) => r.id)).toEqual(
      made
        .filter((d) => clock.now() - d.at >= 21 * MIN)
        .sort((a, b) => a.at - b.at)
        .map((d) => d.id),
    );
    const fresh = await page('newerThanMinutes=5&sort=age&pageSize=50');
    expect(fresh.total).toBe(4);
  });

  it('a cursor that is not one is refused (10030) naming the field', async () => {
    const r = await adminCall(t.app, op, 'GET', '/deposits?status=pending&sort=age&after=bm90LWEtY3Vyc29y');
    expect(r.code).toBe(Err.MALFORMED_REQUEST);
    expect(r.msg).toContain('after');
  });

  it("the oldest pending item's age per queue, on the console and in /metrics", async () => {
    const ages = await adminCall(t.app, op, 'GET', '/queues/ages');
    expect(ages.code, ages.msg).toBe(Ok.SUCCESS);
    const deposits = ages.result.rows.find((r: { queue: string }) => r.queue === 'deposits');
    expect(deposits).toMatchObject({ pending: 30, oldestAgeSeconds: 30 * 60 });
    expect(ages.result.rows.map((r: { queue: string }) => r.queue).sort()).toEqual(['deposits', 'kyc', 'loans', 'withdrawals']);
    expect(ages.result.rows.find((r: { queue: string }) => r.queue === 'kyc')).toMatchObject({ pending: 0, oldestAt: null });
    clock.ms(MIN);
    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer m' } })).body;
    expect(text).toMatch(/^review_queue_oldest_age_seconds\{queue="deposits"\} 1860$/m);
    expect(text).toMatch(/^review_queue_pending\{queue="deposits"\} 30$/m);
    expect(text).toMatch(/^review_queue_oldest_age_seconds\{queue="withdrawals"\} 0$/m);
  });

  it('the KYC and loan queues answer a keyset page too', async () => {
    const kyc = body(await t.app.inject({ url: '/admin-api/kyc?status=pending&sort=age', headers: { authorization: op.token } }));
    expect(kyc.code, kyc.msg).toBe(Ok.SUCCESS);
    expect(kyc.result).toMatchObject({ rows: [], total: 0, next: null });
    const loans = body(
      await t.app.inject({
        url: '/admin-api/loans?status=pending_review&sort=amount&minAmount=10',
        headers: { authorization: op.token },
      }),
    );
    expect(loans.code, loans.msg).toBe(Ok.SUCCESS);
    expect(loans.result).toMatchObject({ rows: [], total: 0, next: null });
  });
});
