import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditRow } from '../../../src/contract/admin.ts';
import type { ReviewWindowRef } from '../../../src/contract/reviewWindow.ts';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from './schema.ts';
import { currentReviewWindow } from './reviewContext.ts';

/** JSON-safe copy of a record: bigint → string, Date → ISO (jsonb cannot hold either). */
export function snapshotOf(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v ?? null, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)));
}

export interface AuditEntry {
  actorId: bigint;
  /** e.g. 'deposit.approve', 'deposit_address.create' */
  action: string;
  targetType: string;
  targetId: string | bigint;
  before?: unknown;
  after?: unknown;
}

/**
 * Records an operator action in the caller's transaction, so the action and its record commit
 * together. The table is append-only (a trigger refuses UPDATE and DELETE).
 */
export async function writeAudit(tx: DbOrTx, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: e.actorId,
    action: e.action,
    targetType: e.targetType,
    targetId: String(e.targetId),
    before: snapshotOf(e.before ?? null),
    after: snapshotOf(e.after ?? null),
    reviewWindow: currentReviewWindow() ?? null,
  });
}

export interface AuditFilter {
  targetType?: string;
  targetId?: string;
  actorId?: bigint;
  pageNum?: number;
  pageSize?: number;
}

/** Operator actions, newest first. */
export async function auditPage(db: DbOrTx, q: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  const conds: SQL[] = [];
  if (q.targetType) conds.push(eq(auditLog.targetType, q.targetType));
  if (q.targetId) conds.push(eq(auditLog.targetId, q.targetId));
  if (q.actorId !== undefined) conds.push(eq(auditLog.actorId, q.actorId));
  const where = conds.length ? and(...conds) : undefined;
  const size = q.pageSize ?? 20;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(size)
    .offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: r.id.toString(),
      actorId: r.actorId.toString(),
      reviewWindow: (r.reviewWindow as ReviewWindowRef | null) ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}
