/**
 * The operators' queue totals (how many deposits or withdrawals are in a status, of a coin), read
 * from `review_queue_counts`, which a trigger keeps in the transaction of every change (migration
 * 0027): a few rows, however long the queue, where counting the queue at each request grew with
 * it (docs/performance.md, "Data growth").
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';
import { reviewQueueCounts } from './schema.ts';

export type ReviewQueue = 'deposits' | 'withdrawals';

export async function queueTotal(db: DbOrTx, queue: ReviewQueue, filter: { status?: string; coin?: string }): Promise<number> {
  const conds: SQL[] = [eq(reviewQueueCounts.queue, queue)];
  if (filter.status) conds.push(eq(reviewQueueCounts.status, filter.status));
  if (filter.coin) conds.push(eq(reviewQueueCounts.coin, filter.coin));
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${reviewQueueCounts.n}), 0)` })
    .from(reviewQueueCounts)
    .where(and(...conds));
  return Number(row.n);
}
