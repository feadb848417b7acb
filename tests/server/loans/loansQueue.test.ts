/**
 * The loans queue worked like the deposit queue (issue 42): several loans under review rejected
 * with one reason, each through the single rejection (its own code when it cannot be, nothing
 * written for it, its collateral back and an audit line for each one rejected), and the queue's
 * filters (customer, collateral coin, amount range, age) with keyset paging by age and by amount.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { loans } from '../../../server/loans/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { usingPostgres, useTestApp } from '../helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { adminCall, createUser, fund, type TestUser } from '../wallet/walletFixtures.ts';
import { holdings, loanCounts, setPrices, submitLoan, terms, verifiedUser } from './loanFixtures.ts';

const MIN = 60_000;
type Row = { id: string };
const idsOf = (r: { result: { rows: Row[] } }) => r.result.rows.map((x) => x.id);

describe(`the loans queue: bulk rejection, filters, keyset paging (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op: TestUser;
  let version: string;
  beforeAll(async () => {
    op = await verifiedUser(t.app, '1', 'operator');
    setPrices(t.app, { BTCUSDT: 50000, ETHUSDT: 2500 }, clock.now());
    version = (await terms(t.app)).agreementVersion;
  });
  /** a new borrower's loan under review, `minutes` after the one before */
  const applied = async (amount: string, minutes = 1, asset: 'BTC' | 'ETH' = 'BTC', who?: TestUser) => {
    clock.ms(minutes * MIN);
    setPrices(t.app, { BTCUSDT: 50000, ETHUSDT: 2500 }, clock.now());
    const u = who ?? (await verifiedUser(t.app, '1'));
    if (asset === 'ETH') await fund(t.app, u.id, 'ETH', '20');
    const r = await submitLoan(t.app, u, version, { amount, collateralAsset: asset });
    expect(r.code, r.msg).toBe(Ok.SUBMITTED_FOR_REVIEW);
    return { user: u, id: r.result.id as string };
  };

  it('several rejected with one reason: each its code, nothing written for the refused, collateral back and an audit line for each rejected', async () => {
    const [a, b, c] = [await applied('1000'), await applied('1200'), await applied('1400')];
    expect((await adminCall(t.app, op, 'POST', `/loans/${b.id}/reject`, { reason: 'Earlier' })).code).toBe(Ok.SUCCESS);
    const mine = await applied('1000', 1, 'BTC', op);
    const heldBefore = await holdings(t.app, c.user, 'BTC');
    const before = await loanCounts(t.app);
    const r = await adminCall(t.app, op, 'POST', '/loans/reject', {
      ids: [a.id, b.id, mine.id, '999999', c.id],
      reason: 'Collateral too volatile',
    });
    expect(r.code, r.msg).toBe(Ok.SUCCESS);
    expect(r.result.rows).toEqual([
      { id: a.id, code: Ok.SUCCESS },
      { id: b.id, code: Err.STATUS_TRANSITION_DENIED },
      { id: mine.id, code: Err.OWN_RECORD_REVIEW },
      { id: '999999', code: Err.RECORD_NOT_FOUND },
      { id: c.id, code: Ok.SUCCESS },
    ]);
    const rows = await t.app.db
      .select()
      .from(loans)
      .where(inArray(loans.id, [a.id, b.id, c.id, mine.id].map(BigInt)));
    const of = (id: string) => rows.find((x) => String(x.id) === id)!;
    expect(of(a.id)).toMatchObject({ status: 'rejected', rejectReason: 'Collateral too volatile', reviewedBy: op.id });
    expect(of(c.id)).toMatchObject({ status: 'rejected', rejectReason: 'Collateral too volatile' });
    expect(of(b.id)).toMatchObject({ status: 'rejected', rejectReason: 'Earlier' });
    expect(of(mine.id)).toMatchObject({ status: 'pending_review', reviewedBy: null, rejectReason: null });
    // the rejected one's collateral is available again; the refused rows moved nothing
    const heldAfter = await holdings(t.app, c.user, 'BTC');
    expect(Number(heldAfter.collateral)).toBe(0);
    expect(Number(heldAfter.available)).toBeCloseTo(Number(heldBefore.available) + Number(heldBefore.collateral), 8);
    expect(Number((await holdings(t.app, op, 'BTC')).collateral)).toBeGreaterThan(0);
    const after = await loanCounts(t.app);
    expect(after).toEqual({
      ...before,
      transfers: before.transfers + 2,
      audit: before.audit + 2,
      notifications: before.notifications + 2,
    });
    const lines = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, op.id), eq(auditLog.action, 'loan.reject')));
    expect(lines.map((l) => String(l.targetId)).sort()).toEqual([a.id, b.id, c.id].sort());
  });

  it('filters by customer, coin, amount and age; sort by age or amount pages through `after` with the filter’s total', async () => {
    const other = await createUser(t.app, 'operator');
    // six more, ten minutes apart (the oldest waits 60 minutes): amounts out of order, two on ETH
    const plan: [string, 'BTC' | 'ETH'][] = [
      ['3000', 'BTC'],
      ['1500', 'ETH'],
      ['5000', 'BTC'],
      ['2000', 'BTC'],
      ['4000', 'ETH'],
      ['2500', 'BTC'],
    ];
    const made = [];
    for (const [amount, asset] of plan) made.push(await applied(amount, 10, asset));
    clock.ms(10 * MIN);
    const ids = made.map((m) => m.id);
    // waiting less than 65 minutes: these six only, whatever else waits
    const q = (s: string) => adminCall(t.app, other, 'GET', `/loans?status=pending_review&newerThanMinutes=65${s}`);
    const byAge = await q('&sort=age&pageSize=4');
    expect(idsOf(byAge)).toEqual(ids.slice(0, 4));
    expect(byAge.result.total).toBe(6);
    const byAge2 = await q(`&sort=age&pageSize=4&after=${byAge.result.next}`);
    expect(idsOf(byAge2)).toEqual(ids.slice(4));
    expect(byAge2.result.total).toBe(6);
    expect(byAge2.result.next).toBeNull();
    // largest first: 5000, 4000, 3000 | 2500, 2000, 1500
    const big = await q('&sort=amount&pageSize=3');
    expect(idsOf(big)).toEqual([ids[2], ids[4], ids[0]]);
    const big2 = await q(`&sort=amount&pageSize=3&after=${big.result.next}`);
    expect(idsOf(big2)).toEqual([ids[5], ids[3], ids[1]]);
    expect(idsOf(await q('&coin=ETH&sort=age'))).toEqual([ids[1], ids[4]]);
    const range = await q('&minAmount=2000&maxAmount=3000&sort=age');
    expect(idsOf(range)).toEqual([ids[0], ids[3], ids[5]]);
    expect(range.result.total).toBe(3);
    // waiting at least 30 minutes and less than 50: the third and the fourth
    expect(idsOf(await q('&olderThanMinutes=30&sort=age'))).toEqual(ids.slice(0, 4));
    const aged = await adminCall(
      t.app,
      other,
      'GET',
      '/loans?status=pending_review&olderThanMinutes=30&newerThanMinutes=50&sort=age',
    );
    expect(idsOf(aged)).toEqual([ids[2], ids[3]]);
    expect(idsOf(await q(`&userId=${made[4].user.id}`))).toEqual([ids[4]]);
  });
});
