/**
 * Operator accounts, managed by operators in the console so the four-eyes rules can be practised:
 * an operator adds another (same password rules as customers) or disables one (their sessions end
 * at once). Both are audited in the same transaction. Nobody disables themselves (10082), so the
 * last operator cannot lock the console.
 */
import { and, asc, eq } from 'drizzle-orm';
import { EMAIL_RE } from '../../src/contract/auth.ts';
import type { AdminOperator, CreateOperatorBody } from '../../src/contract/admin.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';
import { createUser, duplicateToBizError, userByTarget, userByUsername, type UserRow } from '../auth/accounts.ts';
import { assertPasswordAllowed, hashPassword } from '../auth/passwords.ts';
import { revokeOtherSessions } from '../auth/sessions.ts';
import { normaliseEmail } from '../auth/targets.ts';
import { writeAudit } from './audit.ts';

const view = (u: UserRow): AdminOperator => ({
  id: u.id.toString(), username: u.username, email: u.email, status: u.status, createdAt: u.createdAt.toISOString(),
});

/** What the audit line keeps of an operator: never the password hash. */
const auditView = (u: UserRow) => ({ id: u.id, username: u.username, email: u.email, role: u.role, status: u.status });

export async function listOperators(db: Db): Promise<AdminOperator[]> {
  const rows = await db.select().from(users).where(eq(users.role, 'operator')).orderBy(asc(users.id));
  return rows.map(view);
}

export async function createOperator(db: Db, actorId: bigint, b: CreateOperatorBody): Promise<AdminOperator> {
  if (!EMAIL_RE.test(b.email.trim())) throw new BizError(Err.EMAIL_INVALID);
  const email = normaliseEmail(b.email);
  assertPasswordAllowed(b.password, { username: b.username, email });
  if (await userByUsername(db, b.username)) throw new BizError(Err.USERNAME_EXISTS);
  if (await userByTarget(db, { kind: 'email', value: email })) throw new BizError(Err.EMAIL_OR_PHONE_EXISTS);
  const passwordHash = await hashPassword(b.password);
  const row = await db.transaction(async (tx) => {
    const created = await createUser(tx, { username: b.username, email, passwordHash, role: 'operator' });
    await writeAudit(tx, { actorId, action: 'operator.create', targetType: 'user', targetId: created.id, after: auditView(created) });
    return created;
  }).catch((e) => {
    throw duplicateToBizError(e);
  });
  return view(row);
}

export async function disableOperator(db: Db, actorId: bigint, id: bigint): Promise<AdminOperator> {
  if (id === actorId) throw new BizError(Err.OPERATOR_SELF_DISABLE);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(and(eq(users.id, id), eq(users.role, 'operator'))).for('update');
    if (!before) throw new BizError(Err.RECORD_NOT_FOUND);
    if (before.status === 'disabled') return before;
    const [after] = await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, id)).returning();
    // a disabled operator's open consoles stop working now, not when their sessions expire
    await revokeOtherSessions(tx, id);
    await writeAudit(tx, { actorId, action: 'operator.disable', targetType: 'user', targetId: id, before: auditView(before), after: auditView(after) });
    return after;
  });
  return view(row);
}
