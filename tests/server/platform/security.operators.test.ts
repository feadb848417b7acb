/**
 * Issue 25 item 1 (sock-puppet operators): managing operators takes two operators, a new operator
 * reviews no money for OPERATOR_PROBATION_HOURS, never what touches the operators it is linked to
 * by creation, and nobody disables the active operators below two. Every step is audited.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedOperator } from '../../../server/auth/seedOperator.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { operatorProposals } from '../../../server/admin/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp } from '../helpers.ts';
import { addedOperator, proposeOperator } from '../operatorFixtures.ts';
import {
  addReceiveAddresses,
  adminCall,
  counts,
  createUser,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';

const actionsOn = async (t: ReturnType<typeof useTestApp>, targetType: string, targetId: string) =>
  (
    await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
  ).map((a) => [a.action, a.actorId]);

describe('operator management takes two operators', () => {
  const t = useTestApp({ fourEyesAboveUsdt: '1000' });
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  beforeAll(async () => {
    [a, b, c] = [await createUser(t.app, 'operator'), await createUser(t.app, 'operator'), await createUser(t.app, 'operator')];
    await addReceiveAddresses(t.app);
  });

  it('a proposal adds nobody until another, older operator confirms; the proposer cannot; each step audited', async () => {
    const p = await proposeOperator(t.app, a, 'new_op1');
    expect(p).toMatchObject({ kind: 'create', status: 'pending', targetName: 'new_op1' });
    expect(await t.app.db.select().from(users).where(eq(users.username, 'new_op1'))).toHaveLength(0);
    const pending = await adminCall(t.app, b, 'GET', '/operator-proposals?status=pending');
    expect(pending.result.rows.map((r: { id: string }) => r.id)).toContain(p.id);

    const before = await counts(t.app);
    expect((await adminCall(t.app, a, 'POST', `/operator-proposals/${p.id}/confirm`)).code).toBe(
      Err.PROPOSAL_CONFIRMER_NOT_ALLOWED,
    );
    expect(await counts(t.app)).toEqual(before);

    const done = await adminCall(t.app, b, 'POST', `/operator-proposals/${p.id}/confirm`);
    expect(done.result).toMatchObject({ status: 'confirmed', decidedBy: String(b.id) });
    const [made] = await t.app.db.select().from(users).where(eq(users.username, 'new_op1'));
    expect(made).toMatchObject({ role: 'operator', status: 'active', createdBy: a.id, confirmedBy: b.id });
    const [stored] = await t.app.db
      .select()
      .from(operatorProposals)
      .where(eq(operatorProposals.id, BigInt(p.id)));
    expect(stored.passwordHash).toBeNull(); // the initial password's hash does not outlive the decision
    expect(await actionsOn(t, 'operator_proposal', p.id)).toEqual(
      expect.arrayContaining([
        ['operator.propose_create', a.id],
        ['operator_proposal.confirm', b.id],
      ]),
    );
    expect(await actionsOn(t, 'user', String(made.id))).toEqual([['operator.create', b.id]]);
    // confirmed once: a second confirmation is a status error
    expect((await adminCall(t.app, c, 'POST', `/operator-proposals/${p.id}/confirm`)).code).toBe(Err.STATUS_TRANSITION_DENIED);
  });

  it('a new operator reviews no money while on probation and cannot confirm its proposer’s next puppet', async () => {
    const puppet = await addedOperator(t.app, a, b);
    const listed = (await adminCall(t.app, a, 'GET', '/operators')).result.rows.find(
      (r: { id: string }) => r.id === String(puppet.id),
    );
    expect(listed.probationUntil).not.toBeNull();
    const u = await createUser(t.app);
    const d = body(await recharge(t.app, u, rechargeFields({ amount: '500' })));
    const before = await counts(t.app);
    expect((await adminCall(t.app, puppet, 'POST', `/deposits/${d.result.id}/approve`, {})).code).toBe(Err.OPERATOR_ON_PROBATION);
    expect(
      (
        await adminCall(t.app, puppet, 'POST', '/smart/reserve', {
          amount: '100',
          note: 'x',
          evidence: { kind: 'bank', reference: 'BANK-REF-1' },
        })
      ).code,
    ).toBe(Err.OPERATOR_ON_PROBATION);
    expect(await counts(t.app)).toEqual(before);
    // the puppet joined after this proposal, is new and is linked to its proposer: three reasons to refuse
    const next = await proposeOperator(t.app, a);
    expect((await adminCall(t.app, puppet, 'POST', `/operator-proposals/${next.id}/confirm`)).code).toBe(
      Err.PROPOSAL_CONFIRMER_NOT_ALLOWED,
    );
    // any operator may reject a pending proposal
    expect((await adminCall(t.app, c, 'POST', `/operator-proposals/${next.id}/reject`)).result.status).toBe('rejected');
    expect(await actionsOn(t, 'operator_proposal', next.id)).toEqual(
      expect.arrayContaining([['operator_proposal.reject', c.id]]),
    );
  });

  it('disabling takes two operators too, never oneself, never below two active', async () => {
    const d = await addedOperator(t.app, a, b);
    expect((await adminCall(t.app, a, 'POST', `/operators/${a.id}/disable`)).code).toBe(Err.OPERATOR_SELF_DISABLE);
    const p = await adminCall(t.app, a, 'POST', `/operators/${d.id}/disable`);
    expect(p.result).toMatchObject({ kind: 'disable', status: 'pending', targetId: String(d.id) });
    expect((await adminCall(t.app, a, 'POST', `/operators/${d.id}/disable`)).code).toBe(Err.OPERATOR_PROPOSAL_PENDING);
    // still active and signed in until confirmed; the operator named cannot confirm its own disabling
    expect((await adminCall(t.app, d, 'GET', '/operators')).code).toBe(Ok.SUCCESS);
    expect((await adminCall(t.app, d, 'POST', `/operator-proposals/${p.result.id}/confirm`)).code).toBe(
      Err.PROPOSAL_CONFIRMER_NOT_ALLOWED,
    );
    expect((await adminCall(t.app, c, 'POST', `/operator-proposals/${p.result.id}/confirm`)).result.status).toBe('confirmed');
    expect((await adminCall(t.app, d, 'GET', '/operators')).code).toBe(Err.LOGIN_REQUIRED);
    expect(await actionsOn(t, 'user', String(d.id))).toEqual(expect.arrayContaining([['operator.disable', c.id]]));

    // disable everyone but two: the last proposal that would go below two is refused
    const active = (
      await t.app.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'operator'), eq(users.status, 'active')))
    ).map((u) => u.id);
    const keep = new Set([a.id, b.id]);
    for (const id of active.filter((x) => !keep.has(x))) {
      const q = await adminCall(t.app, a, 'POST', `/operators/${id}/disable`);
      expect(q.code, q.msg).toBe(Ok.SUCCESS);
      expect((await adminCall(t.app, b, 'POST', `/operator-proposals/${q.result.id}/confirm`)).code).toBe(Ok.SUCCESS);
    }
    const before = await counts(t.app);
    expect((await adminCall(t.app, a, 'POST', `/operators/${b.id}/disable`)).code).toBe(Err.OPERATORS_MINIMUM);
    expect(await counts(t.app)).toEqual(before);
  });
});

describe('two disables proposed while three were active', () => {
  const t = useTestApp();
  it('the second to be confirmed is refused: the minimum is checked again under the operators’ lock', async () => {
    // exactly three active: the operator seeded from configuration steps aside
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.role, 'operator'));
    const [a, b, x] = [
      await createUser(t.app, 'operator'),
      await createUser(t.app, 'operator'),
      await createUser(t.app, 'operator'),
    ];
    const p1 = await adminCall(t.app, a, 'POST', `/operators/${x.id}/disable`);
    const p2 = await adminCall(t.app, x, 'POST', `/operators/${b.id}/disable`);
    expect([p1.code, p2.code]).toEqual([Ok.SUCCESS, Ok.SUCCESS]);
    expect((await adminCall(t.app, b, 'POST', `/operator-proposals/${p1.result.id}/confirm`)).code).toBe(Ok.SUCCESS);
    const before = await counts(t.app);
    expect((await adminCall(t.app, a, 'POST', `/operator-proposals/${p2.result.id}/confirm`)).code).toBe(Err.OPERATORS_MINIMUM);
    expect(await counts(t.app)).toEqual(before);
  });
});

describe('an operator added in the console never reviews what touches the operators it is linked to', () => {
  const t = useTestApp({ fourEyesAboveUsdt: '1000', operatorProbationHours: 0 });
  let a: TestUser;
  let b: TestUser;
  let puppet: TestUser;
  beforeAll(async () => {
    [a, b] = [await createUser(t.app, 'operator'), await createUser(t.app, 'operator')];
    await addReceiveAddresses(t.app);
    puppet = await addedOperator(t.app, a, b);
  });

  it('not its proposer’s own claim', async () => {
    const d = body(await recharge(t.app, a, rechargeFields({ amount: '900' })));
    const before = await counts(t.app);
    expect((await adminCall(t.app, puppet, 'POST', `/deposits/${d.result.id}/approve`, {})).code).toBe(Err.OPERATOR_LINKED);
    expect(await counts(t.app)).toEqual(before);
    // and the proposer not the puppet's
    const mine = body(await recharge(t.app, puppet, rechargeFields({ amount: '900' })));
    expect((await adminCall(t.app, a, 'POST', `/deposits/${mine.result.id}/approve`, {})).code).toBe(Err.OPERATOR_LINKED);
  });

  it('not the second approval after its proposer or confirmer, nor the other way round', async () => {
    const u = await createUser(t.app);
    const d1 = body(await recharge(t.app, u, rechargeFields({ amount: '1500' })));
    expect((await adminCall(t.app, a, 'POST', `/deposits/${d1.result.id}/approve`, {})).result.status).toBe('pending');
    const before = await counts(t.app);
    expect((await adminCall(t.app, puppet, 'POST', `/deposits/${d1.result.id}/approve`, {})).code).toBe(Err.OPERATOR_LINKED);
    expect(await counts(t.app)).toEqual(before);
    // an operator not linked to the first approver completes it
    expect((await adminCall(t.app, b, 'POST', `/deposits/${d1.result.id}/approve`, {})).result.status).toBe('approved');

    const d2 = body(await recharge(t.app, u, rechargeFields({ amount: '1500' })));
    expect((await adminCall(t.app, puppet, 'POST', `/deposits/${d2.result.id}/approve`, {})).result.status).toBe('pending');
    expect((await adminCall(t.app, a, 'POST', `/deposits/${d2.result.id}/approve`, {})).code).toBe(Err.OPERATOR_LINKED);
    expect((await adminCall(t.app, b, 'POST', `/deposits/${d2.result.id}/approve`, {})).code).toBe(Err.OPERATOR_LINKED); // b confirmed it
  });

  it('past probation it reviews unrelated customers alone', async () => {
    const u = await createUser(t.app);
    const d = body(await recharge(t.app, u, rechargeFields({ amount: '500' })));
    expect((await adminCall(t.app, puppet, 'POST', `/deposits/${d.result.id}/approve`, {})).result.status).toBe('approved');
  });
});

describe('the operators from configuration', () => {
  const t = useTestApp(
    {},
    { OPERATOR_EMAIL: 'first.op@example.test', OPERATOR2_EMAIL: 'Second.Op@example.test', OPERATOR2_PASSWORD: 'Amber-Falcon-73' },
  );
  it('a second one comes from OPERATOR2_EMAIL, once, without proposer or waiting period', async () => {
    const ops = await t.app.db.select().from(users).where(eq(users.role, 'operator'));
    expect(ops.map((o) => [o.email, o.createdBy, o.confirmedBy])).toEqual([
      ['first.op@example.test', null, null],
      ['second.op@example.test', null, null],
    ]);
    await seedOperator(t.app); // a restart adds nobody
    expect(await t.app.db.select().from(users).where(eq(users.role, 'operator'))).toHaveLength(2);
  });
});
