/**
 * The reject reasons of each review queue (issue 42): listed for the console's reject dialog,
 * added and removed by operators, each change an audit line in the same transaction. Refusals
 * (10043 unknown, 10155 a reason already on the queue's list) write nothing.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { RejectReason } from '../../src/contract/reviewQueues.ts';
import type { ReviewQueueName } from '../../src/contract/reviewQueues.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { writeAudit } from '../platform/audit/audit.ts';
import { BizError } from '../platform/http/errors.ts';
import { rejectReasons } from './schema.ts';

type Row = typeof rejectReasons.$inferSelect;
const view = (r: Row): RejectReason => ({
  id: r.id.toString(),
  queue: r.queue,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
});

export async function listReasons(db: DbOrTx, queue: ReviewQueueName): Promise<RejectReason[]> {
  const rows = await db
    .select()
    .from(rejectReasons)
    .where(and(eq(rejectReasons.queue, queue), isNull(rejectReasons.removedAt)))
    .orderBy(asc(rejectReasons.id));
  return rows.map(view);
}

export async function addReason(
  db: DbOrTx,
  operatorId: bigint,
  queue: ReviewQueueName,
  text: string,
  now: number,
): Promise<RejectReason> {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (!clean) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'text: empty' });
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: rejectReasons.id })
      .from(rejectReasons)
      .where(
        and(eq(rejectReasons.queue, queue), isNull(rejectReasons.removedAt), sql`lower(${rejectReasons.text}) = lower(${clean})`),
      );
    if (same) throw new BizError(Err.REJECT_REASON_EXISTS);
    const [row] = await tx
      .insert(rejectReasons)
      .values({ queue, text: clean, createdBy: operatorId, createdAt: new Date(now) })
      .returning();
    await writeAudit(tx, {
      actorId: operatorId,
      action: 'reject_reason.add',
      targetType: 'reject_reason',
      targetId: row.id,
      after: view(row),
    });
    return view(row);
  });
}

export async function removeReason(db: DbOrTx, operatorId: bigint, id: bigint, now: number): Promise<RejectReason> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(rejectReasons)
      .set({ removedAt: new Date(now) })
      .where(and(eq(rejectReasons.id, id), isNull(rejectReasons.removedAt)))
      .returning();
    if (!row) throw new BizError(Err.RECORD_NOT_FOUND);
    await writeAudit(tx, {
      actorId: operatorId,
      action: 'reject_reason.remove',
      targetType: 'reject_reason',
      targetId: row.id,
      before: view(row),
    });
    return view(row);
  });
}
