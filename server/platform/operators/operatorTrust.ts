/**
 * What an operator added through the console may not do (docs/security.md, "Operators"). One
 * operator could otherwise defeat four eyes with operators it creates: so an operator that a
 * proposal made reviews no money for OPERATOR_PROBATION_HOURS (10150), and never a record that
 * touches the operators it is linked to by creation, nor completes a first approval given by one
 * of them (10151).
 *
 * Two operators are linked when one proposed or confirmed the other. The owner of a record is
 * also linked to its reviewer when both were proposed by the same operator: a proposer's puppets
 * are its own hands.
 */
import { eq, inArray } from 'drizzle-orm';
import { Err } from '../../../src/contract/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../identity/schema.ts';
import { BizError } from '../http/errors.ts';

export interface Lineage {
  id: bigint;
  role: string;
  createdBy: bigint | null;
  confirmedBy: bigint | null;
  createdAt: Date;
}

const HOUR_MS = 3600_000;

/** Until when an operator reviews no money; null for the operators from configuration or once past. */
export function probationUntil(o: Pick<Lineage, 'createdBy' | 'createdAt'>, probationHours: number, now: number): Date | null {
  if (o.createdBy === null || probationHours <= 0) return null;
  const until = o.createdAt.getTime() + probationHours * HOUR_MS;
  return until > now ? new Date(until) : null;
}

/** One proposed or confirmed the other. */
export function directlyLinked(a: Lineage, b: Lineage): boolean {
  if (a.id === b.id) return false;
  return a.createdBy === b.id || a.confirmedBy === b.id || b.createdBy === a.id || b.confirmedBy === a.id;
}

/** The reviewer and a record's owner: directly linked, or both proposed by the same operator. */
export function ownerLinked(reviewer: Lineage, owner: Lineage): boolean {
  if (owner.role !== 'operator') return false;
  return directlyLinked(reviewer, owner) || (reviewer.createdBy !== null && reviewer.createdBy === owner.createdBy);
}

/** What a lineage is read from: the user's role and who created and confirmed it, when. */
const lineageColumns = {
  id: users.id,
  role: users.role,
  createdBy: users.createdBy,
  confirmedBy: users.confirmedBy,
  createdAt: users.createdAt,
};

export async function lineages(db: DbOrTx, ids: bigint[]): Promise<Map<bigint, Lineage>> {
  const rows = ids.length === 0 ? [] : await db.select(lineageColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function lineageOf(db: DbOrTx, id: bigint): Promise<Lineage | undefined> {
  const [row] = await db.select(lineageColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Refuses an operator on probation (10150): for money reviews and for confirming proposals. */
export function assertPastProbation(o: Lineage, probationHours: number, now: number): void {
  const until = probationUntil(o, probationHours, now);
  if (until)
    throw new BizError(Err.OPERATOR_ON_PROBATION, { hours: probationHours, left: Math.ceil((until.getTime() - now) / HOUR_MS) });
}

/**
 * The checks before an operator decides a money record (deposit, withdrawal, loan) or moves
 * house money (the reserve: no owner): probation, then the links to the owner and to the first
 * approver. Reads only, so a refusal writes nothing.
 */
export async function assertMayReviewMoney(
  db: DbOrTx,
  probationHours: number,
  operatorId: bigint,
  r: { ownerId?: bigint; firstApprovedBy?: bigint | null },
  now: number,
): Promise<void> {
  const ids = [operatorId, ...(r.ownerId === undefined ? [] : [r.ownerId]), ...(r.firstApprovedBy ? [r.firstApprovedBy] : [])];
  const known = await lineages(db, ids);
  const me = known.get(operatorId);
  if (!me) throw new BizError(Err.OPERATOR_ONLY);
  assertPastProbation(me, probationHours, now);
  const owner = r.ownerId === undefined ? undefined : known.get(r.ownerId);
  if (owner && ownerLinked(me, owner)) throw new BizError(Err.OPERATOR_LINKED);
  const first = r.firstApprovedBy ? known.get(r.firstApprovedBy) : undefined;
  if (first && first.id !== operatorId && directlyLinked(me, first)) throw new BizError(Err.OPERATOR_LINKED);
}
