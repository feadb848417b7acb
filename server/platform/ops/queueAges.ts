/**
 * How long the oldest item of each operator review queue has waited (issue 42): on the console
 * (GET /admin-api/queues/ages) and in /metrics (`review_queue_oldest_age_seconds{queue}`, with
 * `review_queue_pending{queue}`), so an operator can alert on a queue nobody works. Each domain
 * that owns a queue declares how to read its oldest pending item; the reading is done at the
 * moment it is asked for, from the database every instance shares (an index read: the status,
 * then the creation time), so every instance reports the same figure and none keeps a copy that
 * could go stale.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { QueueAge, ReviewQueueName } from '../../../src/contract/reviewQueues.ts';
import type { DbOrTx } from '../db/client.ts';
import type { Metrics } from './metrics.ts';

export interface QueueHead {
  pending: number;
  oldestAt: Date | null;
}

export class QueueAges {
  private readonly readers = new Map<ReviewQueueName, () => Promise<QueueHead>>();

  constructor(
    metrics: Metrics,
    private readonly now: () => number,
  ) {
    metrics.gauge(
      'review_queue_oldest_age_seconds',
      'Seconds the oldest pending item of each operator review queue has waited (0: empty), over all instances',
      ['queue'],
      async () => (await this.all()).map((q) => ({ labels: { queue: q.queue }, value: q.oldestAgeSeconds })),
    );
    metrics.gauge(
      'review_queue_pending',
      'Pending items of each operator review queue, over all instances',
      ['queue'],
      async () => (await this.all()).map((q) => ({ labels: { queue: q.queue }, value: q.pending })),
    );
  }

  /** A domain's queue: how many wait and since when the oldest (called at each reading). */
  declare(queue: ReviewQueueName, read: () => Promise<QueueHead>): void {
    this.readers.set(queue, read);
  }

  async all(): Promise<QueueAge[]> {
    const now = this.now();
    const out: QueueAge[] = [];
    for (const [queue, read] of this.readers) {
      const { pending, oldestAt } = await read();
      out.push({
        queue,
        pending,
        oldestAt: oldestAt ? oldestAt.toISOString() : null,
        // a row written "in the future" by a request that read the clock later waited 0 seconds
        oldestAgeSeconds: oldestAt ? Math.max(0, Math.floor((now - oldestAt.getTime()) / 1000)) : 0,
      });
    }
    return out;
  }
}

/** A queue's head read from its table: the rows in its waiting status, and the oldest's time. */
export async function headOf(
  db: DbOrTx,
  t: { table: PgTable; status: PgColumn; createdAt: PgColumn },
  waiting: string,
  countKept?: () => Promise<number>,
): Promise<QueueHead> {
  const [row] = await db
    .select({ oldest: sql<string | null>`min(${t.createdAt})`, n: countKept ? sql<string>`0` : count() })
    .from(t.table)
    .where(eq(t.status, waiting));
  const pending = countKept ? await countKept() : Number(row.n);
  return { pending, oldestAt: row.oldest === null ? null : new Date(row.oldest) };
}
