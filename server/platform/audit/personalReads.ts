/**
 * Every operator read of a customer's personal data leaves an audit line (issue 25 item 4): who
 * (the operator), what (the document and its record), when, and a reason category, written before
 * the document is sent: no read without its record. The customer sees the same lines without the
 * operator (GET /swx/customer/user/documentAccess). The services call this where an operator asks
 * for a document, whatever stores it.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import {
  PERSONAL_DOCUMENTS,
  READ_REASONS,
  READ_REASON_OF,
  type DocumentAccessPage,
  type DocumentAccessQuery,
  type PersonalDocument,
  type ReadReason,
} from '../../../src/contract/privacy.ts';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from './schema.ts';
import { writeAudit } from './audit.ts';

const ACTION = 'personal_data.read';
/** The audit lines of one customer's data are found by (target_type, target_id): an index. */
const TARGET = 'personal_data';

export interface PersonalRead {
  viewer: { id: bigint; role: string };
  customerId: bigint;
  document: PersonalDocument;
  /** the record read, e.g. a deposit id or "<submission>/<kind>" */
  ref: string;
}

/** Records an operator's read; a customer reading their own data, or an operator its own, is not audited. */
export async function recordPersonalRead(db: DbOrTx, r: PersonalRead): Promise<void> {
  if (r.viewer.role !== 'operator' || r.viewer.id === r.customerId) return;
  await writeAudit(db, {
    actorId: r.viewer.id,
    action: ACTION,
    targetType: TARGET,
    targetId: r.customerId,
    after: { document: r.document, ref: r.ref, reason: READ_REASON_OF[r.document] },
  });
}

const isDocument = (v: unknown): v is PersonalDocument => PERSONAL_DOCUMENTS.includes(v as PersonalDocument);
const isReason = (v: unknown): v is ReadReason => READ_REASONS.includes(v as ReadReason);

/** The reads of a customer's data, newest first: when and why, never who. */
export async function documentAccessPage(db: DbOrTx, customerId: bigint, q: DocumentAccessQuery): Promise<DocumentAccessPage> {
  const where = and(eq(auditLog.targetType, TARGET), eq(auditLog.targetId, customerId.toString()), eq(auditLog.action, ACTION));
  const size = q.pageSize ?? 20;
  const rows = await db
    .select({ at: auditLog.createdAt, after: auditLog.after })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(size)
    .offset(((q.pageNum ?? 1) - 1) * size);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  return {
    rows: rows.flatMap(({ at, after }) => {
      const a = after as { document?: unknown; reason?: unknown } | null;
      return isDocument(a?.document) && isReason(a?.reason)
        ? [{ at: at.toISOString(), document: a.document, reason: a.reason }]
        : [];
    }),
    total: Number(total),
  };
}
