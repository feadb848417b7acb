/**
 * Keyset paging for the operators' review queues (issue 42, docs/performance.md "Review queues"):
 * a page starts after the last row of the one before (its sort value and id, in an opaque
 * cursor), so page 250 of a 5,000-item queue costs what page 1 does: an index range read of one
 * page's rows, where an offset read and threw away every row before it. Each sort has its index
 * (`<table>_queue_age`, `<table>_queue_amount`: status, then the sort value, then the id).
 */
import { and, asc, desc, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Err } from '../../../src/contract/errors.ts';
import type { QueueFilter, QueueSort } from '../../../src/contract/reviewQueues.ts';
import { BizError } from '../http/errors.ts';
import { sqlTime } from './time.ts';

export interface QueueColumns {
  id: PgColumn;
  createdAt: PgColumn;
  /** the queue's amount, when its records have one */
  amount?: PgColumn;
}

const MINUTE_MS = 60_000;

/** The amount and age filters (the status, customer, coin and network ones are the caller's). */
export function rangeFilters(cols: QueueColumns, q: QueueFilter, now: number): SQL[] {
  const conds: SQL[] = [];
  if (cols.amount && q.minAmount !== undefined) conds.push(gte(cols.amount, q.minAmount));
  if (cols.amount && q.maxAmount !== undefined) conds.push(lte(cols.amount, q.maxAmount));
  // older than N minutes: created at or before now − N; newer than N: after now − N
  if (q.olderThanMinutes !== undefined) conds.push(lte(cols.createdAt, sqlTime(now - q.olderThanMinutes * MINUTE_MS)));
  if (q.newerThanMinutes !== undefined) conds.push(sql`${cols.createdAt} > ${sqlTime(now - q.newerThanMinutes * MINUTE_MS)}`);
  return conds;
}

interface Key {
  column: PgColumn;
  /** the value as the cursor carries it: an ISO time or a decimal string */
  kind: 'time' | 'decimal';
  dir: 'asc' | 'desc';
}

function keyOf(cols: QueueColumns, sort: QueueSort | undefined): Key | undefined {
  if (sort === 'age') return { column: cols.createdAt, kind: 'time', dir: 'asc' };
  if (sort === 'amount' && cols.amount) return { column: cols.amount, kind: 'decimal', dir: 'desc' };
  return undefined;
}

const DECIMAL = /^-?[0-9]{1,30}(\.[0-9]{1,18})?$/;

function readCursor(cursor: string, kind: Key['kind']): { value: string; id: string } {
  const bad = () => new BizError(Err.MALFORMED_REQUEST, { detail: 'after: not a cursor of this queue and sort' });
  let text: string;
  try {
    text = Buffer.from(cursor, 'base64url').toString('utf8');
  } catch {
    throw bad();
  }
  const cut = text.lastIndexOf('~');
  const value = text.slice(0, cut);
  const id = text.slice(cut + 1);
  if (cut < 1 || !/^[0-9]{1,19}$/.test(id)) throw bad();
  if (kind === 'decimal' ? !DECIMAL.test(value) : Number.isNaN(Date.parse(value))) throw bad();
  return { value, id };
}

/**
 * The order of a queue page and, with `after`, where it starts. Without a sort the queue reads as
 * before (newest first, by id) and `after` continues from the id alone.
 */
export function keyset(cols: QueueColumns, sort: QueueSort | undefined, after: string | undefined) {
  const key = keyOf(cols, sort);
  const orderBy: SQL[] = key
    ? [key.dir === 'asc' ? asc(key.column) : desc(key.column), key.dir === 'asc' ? asc(cols.id) : desc(cols.id)]
    : [desc(cols.id)];
  let start: SQL | undefined;
  if (after !== undefined && key) {
    const c = readCursor(after, key.kind);
    const v = key.kind === 'time' ? sql`${c.value}::timestamptz` : sql`${c.value}::numeric`;
    start =
      key.dir === 'asc'
        ? sql`(${key.column}, ${cols.id}) > (${v}, ${c.id}::bigint)`
        : sql`(${key.column}, ${cols.id}) < (${v}, ${c.id}::bigint)`;
  } else if (after !== undefined) {
    const c = readCursor(after, 'decimal');
    start = sql`${cols.id} < ${c.id}::bigint`;
  }
  /** The cursor of the page after the one ending at this row. */
  const cursorOf = (row: { id: bigint; createdAt: Date; amount?: string }) => {
    const value = !key ? row.id.toString() : key.kind === 'time' ? row.createdAt.toISOString() : (row.amount ?? '0');
    return Buffer.from(`${value}~${row.id}`, 'utf8').toString('base64url');
  };
  return { orderBy, start, cursorOf };
}

/** The cursor of the next page: only when this one is full. */
export function nextCursor<R>(rows: R[], size: number, cursorOf: (r: R) => string): string | null {
  return rows.length === size && rows.length > 0 ? cursorOf(rows[rows.length - 1]) : null;
}

/** The filters as one condition (undefined: none). */
export const allOf = (conds: Array<SQL | undefined>): SQL | undefined => {
  const list = conds.filter((c): c is SQL => c !== undefined);
  return list.length ? and(...list) : undefined;
};
