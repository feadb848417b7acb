/**
 * The verification queue worked like the deposit queue (issue 42): several pending submissions
 * rejected with one reason, each through the single rejection (its own code when it cannot be,
 * nothing written for it, an audit line for each one rejected), and the queue's filters (customer,
 * age) and keyset paging oldest first, with the platform's clock moved between submissions.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { kycSubmissions } from '../../../server/kyc/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { usingPostgres, useTestApp } from '../helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { adminCall, createUser, type TestUser } from '../wallet/walletFixtures.ts';
import { kycCounts, submitKyc } from './kycFixtures.ts';

const MIN = 60_000;

describe(`the KYC queue: bulk rejection, filters, keyset paging (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = testClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let op: TestUser;
  beforeAll(async () => {
    op = await createUser(t.app, 'operator');
  });
  /** a new customer's pending submission, `minutes` after the one before */
  const submitted = async (minutes = 1) => {
    clock.ms(minutes * MIN);
    const u = await createUser(t.app);
    const r = await submitKyc(t.app, u);
    expect(r.code).toBe(Ok.SUBMITTED_FOR_REVIEW);
    return { user: u, id: r.result!.id };
  };

  it('several rejected with one reason: each its code, nothing written for the refused, an audit line for each rejected', async () => {
    const [a, b, c] = [await submitted(), await submitted(), await submitted()];
    expect((await adminCall(t.app, op, 'POST', `/kyc/${b.id}/approve`, {})).code).toBe(Ok.SUCCESS);
    // the operator's own submission is refused too, with its own code
    const mine = await submitKyc(t.app, op);
    const before = await kycCounts(t.app);
    const r = await adminCall(t.app, op, 'POST', '/kyc/reject', {
      ids: [a.id, b.id, mine.result!.id, '999999', c.id],
      reason: 'Document unreadable',
    });
    expect(r.code, r.msg).toBe(Ok.SUCCESS);
    expect(r.result.rows).toEqual([
      { id: a.id, code: Ok.SUCCESS },
      { id: b.id, code: Err.STATUS_TRANSITION_DENIED },
      { id: mine.result!.id, code: Err.OWN_RECORD_REVIEW },
      { id: '999999', code: Err.RECORD_NOT_FOUND },
      { id: c.id, code: Ok.SUCCESS },
    ]);
    const rows = await t.app.db
      .select()
      .from(kycSubmissions)
      .where(inArray(kycSubmissions.id, [a.id, b.id, c.id, mine.result!.id].map(BigInt)));
    const of = (id: string) => rows.find((x) => String(x.id) === id)!;
    expect(of(a.id)).toMatchObject({ status: 'rejected', rejectReason: 'Document unreadable', reviewedBy: op.id });
    expect(of(c.id)).toMatchObject({ status: 'rejected', rejectReason: 'Document unreadable' });
    expect(of(b.id)).toMatchObject({ status: 'verified', rejectReason: null });
    expect(of(mine.result!.id)).toMatchObject({ status: 'pending', reviewedBy: null });
    const [ub] = await t.app.db.select({ s: users.kycStatus }).from(users).where(eq(users.id, b.user.id));
    expect(ub.s).toBe('verified');
    // two rejections: two audit lines and two notifications, nothing else
    const after = await kycCounts(t.app);
    expect(after).toEqual({ ...before, audit: before.audit + 2, notifications: before.notifications + 2 });
    const lines = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, op.id), eq(auditLog.action, 'kyc.reject')));
    expect(lines.map((l) => String(l.targetId)).sort()).toEqual([a.id, c.id].sort());
    // a blank reason is refused whole, before anything is decided
    const d = await submitted();
    const blank = await adminCall(t.app, op, 'POST', '/kyc/reject', { ids: [d.id], reason: '   ' });
    expect(blank.code).toBe(Err.MALFORMED_REQUEST);
    expect((await adminCall(t.app, op, 'GET', `/kyc/${d.id}`)).result.status).toBe('pending');
    expect((await adminCall(t.app, op, 'POST', '/kyc/reject', { ids: [d.id], reason: 'Photo blurred' })).code).toBe(Ok.SUCCESS);
  });

  it('filters by customer and age; sort=age pages oldest first through `after`, the total of the filter on each page', async () => {
    // five more, ten minutes apart: the oldest waits 50 minutes, the newest 10
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await submitted(10));
    clock.ms(10 * MIN);
    const ids = made.map((m) => m.id);
    // waiting less than 55 minutes: these five only, whatever else waits
    const page = (q: string) => adminCall(t.app, op, 'GET', `/kyc?status=pending&sort=age&pageSize=2&newerThanMinutes=55${q}`);
    const first = await page('');
    expect(first.result.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    expect(first.result.total).toBe(5);
    const second = await page(`&after=${first.result.next}`);
    expect(second.result.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(2, 4));
    expect(second.result.total).toBe(5);
    const third = await page(`&after=${second.result.next}`);
    expect(third.result.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(4));
    expect(third.result.next).toBeNull();
    // waiting at least 30 minutes and less than 50: the second and the third
    const aged = await adminCall(t.app, op, 'GET', '/kyc?status=pending&sort=age&olderThanMinutes=30&newerThanMinutes=50');
    expect(aged.result.rows.map((r: { id: string }) => r.id)).toEqual(ids.slice(1, 3));
    expect(aged.result.total).toBe(2);
    const one = await page(`&userId=${made[3].user.id}`);
    expect(one.result.rows.map((r: { id: string }) => r.id)).toEqual([ids[3]]);
    expect(one.result.total).toBe(1);
  });
});
