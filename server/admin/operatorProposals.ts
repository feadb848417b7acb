/**
 * Operator management takes two operators (issue 25 item 1, docs/security.md "Operators"). An
 * operator proposes adding an operator or disabling one; another operator confirms, and only then
 * does it happen. The confirmer is active, not the proposer, not the operator named, joined before
 * the proposal was made (an operator made by it cannot confirm it), is past its waiting period and
 * is not linked to the proposer by creation (10152). Any operator may reject a pending proposal
 * (the proposer withdraws its own). Every step is audited in its transaction.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { EMAIL_RE } from '../../src/contract/auth.ts';
import type { AdminOperatorProposal, CreateOperatorBody } from '../../src/contract/admin.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { operatorProposals } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { userByTarget, userByUsername } from '../auth/index.ts';
import { assertPasswordAllowed, hashPassword, passwordWordsOf } from '../auth/index.ts';
import { normaliseEmail } from '../auth/index.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { directlyLinked, probationUntil } from '../platform/operators/operatorTrust.ts';
import { applyCreate, applyDisable, assertAboveMinimum, lockOperators } from './operators.ts';

type ProposalRow = typeof operatorProposals.$inferSelect;
type ProposalStatus = ProposalRow['status'];

/** What the audit line keeps of a proposal: never the password hash. */
const auditView = ({ passwordHash: _omitted, ...p }: ProposalRow) => p;

async function viewAll(db: DbOrTx, rows: ProposalRow[]): Promise<AdminOperatorProposal[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.proposedBy, ...(r.targetId ? [r.targetId] : [])]))];
  const names = new Map(
    (ids.length ? await db.select({ id: users.id, u: users.username }).from(users).where(inArray(users.id, ids)) : []).map(
      (r) => [r.id, r.u],
    ),
  );
  return rows.map((p) => ({
    id: p.id.toString(),
    kind: p.kind,
    status: p.status,
    proposedBy: p.proposedBy.toString(),
    proposedByName: names.get(p.proposedBy) ?? '',
    targetId: p.targetId?.toString() ?? null,
    targetName: p.username ?? (p.targetId ? (names.get(p.targetId) ?? '') : ''),
    email: p.email,
    decidedBy: p.decidedBy?.toString() ?? null,
    decidedAt: p.decidedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  }));
}

export async function listProposals(db: Db, status?: ProposalStatus): Promise<AdminOperatorProposal[]> {
  const rows = await db
    .select()
    .from(operatorProposals)
    .where(status ? eq(operatorProposals.status, status) : undefined)
    .orderBy(status === 'pending' ? asc(operatorProposals.id) : desc(operatorProposals.id))
    .limit(100);
  return viewAll(db, rows);
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

async function insertProposal(
  db: Db,
  actorId: bigint,
  values: Omit<typeof operatorProposals.$inferInsert, 'proposedBy' | 'createdAt'>,
  now: number,
): Promise<AdminOperatorProposal> {
  const row = await db
    .transaction(async (tx) => {
      const [p] = await tx
        .insert(operatorProposals)
        .values({ ...values, proposedBy: actorId, createdAt: new Date(now) })
        .returning();
      await writeAudit(tx, {
        actorId,
        action: `operator.propose_${p.kind}`,
        targetType: 'operator_proposal',
        targetId: p.id,
        after: auditView(p),
      });
      return p;
    })
    .catch((e) => {
      throw isUniqueViolation(e) ? new BizError(Err.OPERATOR_PROPOSAL_PENDING) : e;
    });
  return (await viewAll(db, [row]))[0];
}

/** Proposes a new operator; the account exists once another operator confirms. */
export async function proposeCreate(
  db: Db,
  config: Parameters<typeof passwordWordsOf>[0],
  actorId: bigint,
  b: CreateOperatorBody,
  now: number,
): Promise<AdminOperatorProposal> {
  if (!EMAIL_RE.test(b.email.trim())) throw new BizError(Err.EMAIL_INVALID);
  const email = normaliseEmail(b.email);
  assertPasswordAllowed(b.password, { username: b.username, email }, passwordWordsOf(config));
  if (await userByUsername(db, b.username)) throw new BizError(Err.USERNAME_EXISTS);
  if (await userByTarget(db, { kind: 'email', value: email })) throw new BizError(Err.EMAIL_OR_PHONE_EXISTS);
  return insertProposal(
    db,
    actorId,
    { kind: 'create', username: b.username, email, passwordHash: await hashPassword(b.password) },
    now,
  );
}

/** Proposes disabling an operator: never oneself (10082), never below two active (10153). */
export async function proposeDisable(db: Db, actorId: bigint, targetId: bigint, now: number): Promise<AdminOperatorProposal> {
  if (targetId === actorId) throw new BizError(Err.OPERATOR_SELF_DISABLE);
  const ops = await db.select().from(users).where(eq(users.role, 'operator'));
  const target = ops.find((o) => o.id === targetId);
  if (!target) throw new BizError(Err.RECORD_NOT_FOUND);
  if (target.status === 'disabled') throw new BizError(Err.STATUS_TRANSITION_DENIED);
  assertAboveMinimum(ops, targetId);
  return insertProposal(db, actorId, { kind: 'disable', targetId }, now);
}

async function lockPending(tx: DbOrTx, id: bigint): Promise<ProposalRow> {
  const [p] = await tx.select().from(operatorProposals).where(eq(operatorProposals.id, id)).for('update');
  if (!p) throw new BizError(Err.RECORD_NOT_FOUND);
  if (p.status !== 'pending') throw new BizError(Err.STATUS_TRANSITION_DENIED);
  return p;
}

/** Confirms a pending proposal and applies it, all in one transaction (refusals write nothing). */
export async function confirmProposal(
  db: Db,
  probationHours: number,
  actorId: bigint,
  id: bigint,
  now: number,
): Promise<AdminOperatorProposal> {
  const row = await db.transaction(async (tx) => {
    const p = await lockPending(tx, id);
    const ops = await lockOperators(tx);
    const me = ops.find((o) => o.id === actorId);
    const proposer = ops.find((o) => o.id === p.proposedBy);
    const allowed =
      me !== undefined &&
      me.status === 'active' &&
      me.id !== p.proposedBy &&
      me.id !== p.targetId &&
      me.createdAt.getTime() < p.createdAt.getTime() &&
      probationUntil(me, probationHours, now) === null &&
      (proposer === undefined || !directlyLinked(me, proposer));
    if (!allowed) throw new BizError(Err.PROPOSAL_CONFIRMER_NOT_ALLOWED);
    const c = { proposalId: p.id, proposedBy: p.proposedBy, confirmedBy: actorId };
    let targetId = p.targetId;
    if (p.kind === 'create') {
      if (!p.username || !p.email || !p.passwordHash) throw new Error('operator proposal without its account');
      if (await userByUsername(tx, p.username)) throw new BizError(Err.USERNAME_EXISTS);
      if (await userByTarget(tx, { kind: 'email', value: p.email })) throw new BizError(Err.EMAIL_OR_PHONE_EXISTS);
      targetId = (await applyCreate(tx, c, { username: p.username, email: p.email, passwordHash: p.passwordHash }, now)).id;
    } else {
      if (targetId === null) throw new Error('disable proposal without its operator');
      if (ops.find((o) => o.id === targetId)?.status !== 'active') throw new BizError(Err.STATUS_TRANSITION_DENIED);
      assertAboveMinimum(ops, targetId);
      await applyDisable(tx, c, targetId);
    }
    const [after] = await tx
      .update(operatorProposals)
      .set({ status: 'confirmed', targetId, passwordHash: null, decidedBy: actorId, decidedAt: new Date(now) })
      .where(eq(operatorProposals.id, id))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'operator_proposal.confirm',
      targetType: 'operator_proposal',
      targetId: id,
      before: auditView(p),
      after: auditView(after),
    });
    return after;
  });
  return (await viewAll(db, [row]))[0];
}

/** Rejects (or, by its proposer, withdraws) a pending proposal; the password hash goes. */
export async function rejectProposal(db: Db, actorId: bigint, id: bigint, now: number): Promise<AdminOperatorProposal> {
  const row = await db.transaction(async (tx) => {
    const p = await lockPending(tx, id);
    const [after] = await tx
      .update(operatorProposals)
      .set({ status: 'rejected', passwordHash: null, decidedBy: actorId, decidedAt: new Date(now) })
      .where(and(eq(operatorProposals.id, id), eq(operatorProposals.status, 'pending')))
      .returning();
    await writeAudit(tx, {
      actorId,
      action: 'operator_proposal.reject',
      targetType: 'operator_proposal',
      targetId: id,
      before: auditView(p),
      after: auditView(after),
    });
    return after;
  });
  return (await viewAll(db, [row]))[0];
}
