/**
 * The operators' deposit and withdrawal queues (issue 42, docs/performance.md "Review queues"):
 * filtered by status, customer, coin, network, amount range and age, sorted by age or amount,
 * paged by keyset (server/platform/db/keyset.ts) so a page costs the same at 20 or 5,000 waiting.
 * The total is the kept count (queueCounts.ts) when the filter is only status and coin; one
 * customer's rows are counted with the page; any other filter is counted up to COUNT_CAP rows, a
 * bounded read, and the answer says so (`total` then stops there).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Asset } from '../../src/contract/constants.ts';
import type { QueueFilter } from '../../src/contract/reviewQueues.ts';
import type { DepositStatus, Network, WithdrawalStatus } from '../../src/contract/wallet.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { allOf, keyset, nextCursor, rangeFilters } from '../platform/db/keyset.ts';
import { users } from '../platform/identity/schema.ts';
import { queueTotal, type ReviewQueue } from './queueCounts.ts';
import { deposits, withdrawals } from './schema.ts';

/** Beyond this many matching rows an unusual filter's total is not counted further. */
export const COUNT_CAP = 10_000;

export interface WalletQueueQuery<Status> extends QueueFilter {
  status?: Status;
  coin?: Asset;
  network?: Network;
  userId?: bigint;
  pageNum?: number;
  pageSize?: number;
}

interface QueueTable {
  table: PgTable;
  id: PgColumn;
  userId: PgColumn;
  status: PgColumn;
  coin: PgColumn;
  network: PgColumn;
  amount: PgColumn;
  createdAt: PgColumn;
}

function plan<S extends string>(t: QueueTable, q: WalletQueueQuery<S>, now: number) {
  const conds: Array<SQL | undefined> = [
    q.userId === undefined ? undefined : eq(t.userId, q.userId),
    q.status ? eq(t.status, q.status) : undefined,
    q.coin ? eq(t.coin, q.coin) : undefined,
    q.network ? eq(t.network, q.network) : undefined,
    ...rangeFilters(t, q, now),
  ];
  const where = allOf(conds);
  const page = keyset(t, q.sort, q.after);
  const size = q.pageSize ?? 20;
  // a cursor says where the page starts; without one the page number does, as before
  const offset = q.after === undefined ? ((q.pageNum ?? 1) - 1) * size : 0;
  const plain = q.network === undefined && rangeFilters(t, q, now).length === 0;
  return { where, page, size, offset, plain, withStart: allOf([where, page.start]) };
}

async function totalOf(db: DbOrTx, t: QueueTable, queue: ReviewQueue, q: WalletQueueQuery<string>, plain: boolean, where?: SQL) {
  if (plain && q.userId === undefined) return queueTotal(db, queue, q);
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(sql`(select 1 from ${t.table} where ${where ?? sql`true`} limit ${COUNT_CAP}) as capped`);
  return Number(row.n);
}

const depositCols: QueueTable = { table: deposits, ...pick(deposits) };
const withdrawalCols: QueueTable = { table: withdrawals, ...pick(withdrawals) };
function pick(t: typeof deposits | typeof withdrawals) {
  return {
    id: t.id,
    userId: t.userId,
    status: t.status,
    coin: t.coin,
    network: t.network,
    amount: t.amount,
    createdAt: t.createdAt,
  };
}

/** The page's rows (filtered, keyset-ordered, limited) with their total and the next cursor. */
async function queuePage<S extends string, Q extends PgSelect>(
  db: DbOrTx,
  t: QueueTable,
  queue: ReviewQueue,
  q: WalletQueueQuery<S>,
  now: number,
  select: Q,
  keyRow: (r: Awaited<Q>[number]) => { id: bigint; createdAt: Date; amount?: string },
) {
  const p = plan(t, q, now);
  const [rows, total] = await Promise.all([
    select
      .where(p.withStart)
      .orderBy(...p.page.orderBy)
      .limit(p.size)
      .offset(p.offset),
    totalOf(db, t, queue, q, p.plain, p.where),
  ]);
  return { rows, total, next: nextCursor(rows, p.size, (r) => p.page.cursorOf(keyRow(r))) };
}

function depositRows(db: DbOrTx) {
  return db.select({ d: deposits, username: users.username }).from(deposits).leftJoin(users, eq(users.id, deposits.userId));
}

function withdrawalRows(db: DbOrTx) {
  return db
    .select({ w: withdrawals, username: users.username })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.userId));
}

export function depositQueuePage(db: DbOrTx, q: WalletQueueQuery<DepositStatus>, now: number) {
  return queuePage(db, depositCols, 'deposits', q, now, depositRows(db).$dynamic(), (r) => r.d);
}

export function withdrawalQueuePage(db: DbOrTx, q: WalletQueueQuery<WithdrawalStatus>, now: number) {
  return queuePage(db, withdrawalCols, 'withdrawals', q, now, withdrawalRows(db).$dynamic(), (r) => r.w);
}
