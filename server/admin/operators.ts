/**
 * Operator accounts. Managing them takes two operators (issue 25, docs/security.md "Operators"):
 * an operator proposes adding or disabling one (operatorProposals.ts) and another, older, active
 * operator confirms. What is applied here runs inside the confirming transaction. The operators
 * from configuration have no proposer; the ones made here carry who proposed and who confirmed
 * them (operatorTrust.ts reads it).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AdminOperator } from '../../src/contract/admin.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { createUser, type UserRow } from '../auth/index.ts';
import { revokeOtherSessions } from '../auth/index.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { probationUntil } from '../platform/operators/operatorTrust.ts';

/** Nobody disables the active operators below this: four eyes needs two (10153). */
export const MIN_ACTIVE_OPERATORS = 2;

export const operatorView = (u: UserRow, probationHours: number, now: number): AdminOperator => ({
  id: u.id.toString(),
  username: u.username,
  email: u.email,
  status: u.status,
  createdAt: u.createdAt.toISOString(),
  createdBy: u.createdBy?.toString() ?? null,
  confirmedBy: u.confirmedBy?.toString() ?? null,
  probationUntil: probationUntil(u, probationHours, now)?.toISOString() ?? null,
});

/** What the audit line keeps of an operator: never the password hash. */
export const auditView = (u: UserRow) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  status: u.status,
  createdBy: u.createdBy,
  confirmedBy: u.confirmedBy,
});

export async function listOperators(db: Db, probationHours: number, now: number): Promise<AdminOperator[]> {
  const rows = await db.select().from(users).where(eq(users.role, 'operator')).orderBy(asc(users.id));
  return rows.map((u) => operatorView(u, probationHours, now));
}

/**
 * Every operator row, locked in id order: operator changes take turns, so two confirmations
 * cannot each see three active operators and together leave one.
 */
export async function lockOperators(tx: DbOrTx): Promise<UserRow[]> {
  return tx.select().from(users).where(eq(users.role, 'operator')).orderBy(asc(users.id)).for('update');
}

export const activeCount = (ops: UserRow[]) => ops.filter((o) => o.status === 'active').length;

/** Refuses a disable that would leave fewer than two active operators (10153). */
export function assertAboveMinimum(ops: UserRow[], targetId: bigint): void {
  const target = ops.find((o) => o.id === targetId);
  if (target?.status === 'active' && activeCount(ops) - 1 < MIN_ACTIVE_OPERATORS) {
    throw new BizError(Err.OPERATORS_MINIMUM, { min: MIN_ACTIVE_OPERATORS });
  }
}

export interface Confirmation {
  proposalId: bigint;
  proposedBy: bigint;
  confirmedBy: bigint;
}

/** Adds the operator a confirmed proposal describes (the confirming transaction). */
export async function applyCreate(
  tx: DbOrTx,
  c: Confirmation,
  account: { username: string; email: string; passwordHash: string },
  now: number,
): Promise<UserRow> {
  const created = await createUser(tx, { ...account, role: 'operator' });
  // the waiting period starts at confirmation, on the service's clock
  const [row] = await tx
    .update(users)
    .set({ createdBy: c.proposedBy, confirmedBy: c.confirmedBy, createdAt: new Date(now) })
    .where(eq(users.id, created.id))
    .returning();
  await userWritten(tx, created.id);
  await writeAudit(tx, {
    actorId: c.confirmedBy,
    action: 'operator.create',
    targetType: 'user',
    targetId: row.id,
    after: { ...auditView(row), proposalId: c.proposalId },
  });
  return row;
}

/** Disables the operator a confirmed proposal names; their open consoles stop working now. */
export async function applyDisable(tx: DbOrTx, c: Confirmation, targetId: bigint): Promise<UserRow> {
  const [before] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, targetId), eq(users.role, 'operator')));
  if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
  const [after] = await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, targetId)).returning();
  await userWritten(tx, targetId);
  await revokeOtherSessions(tx, targetId);
  await writeAudit(tx, {
    actorId: c.confirmedBy,
    action: 'operator.disable',
    targetType: 'user',
    targetId,
    before: auditView(before),
    after: { ...auditView(after), proposalId: c.proposalId, proposedBy: c.proposedBy },
  });
  return after;
}
