/**
 * A user's statement: every movement of their accounts in one book, newest first. A transfer
 * between two of the user's own accounts (available → withdrawal_hold) shows as two rows; the
 * events (`statementEvents`) join the transfers of one transaction about one record into one
 * (docs/ledger.md, "Statement").
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ASSET_DECIMALS, type Asset, type Book } from '../../../src/contract/constants.ts';
import { eventKind, eventNets } from '../../../src/contract/statementEvents.ts';
import type { StatementEvent, StatementLeg, StatementRow } from '../../../src/contract/wallet.ts';
import type { DbOrTx } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from './schema.ts';

export interface StatementFilter {
  asset?: Asset;
  reason?: string;
  from?: string;
  to?: string;
}

function query(db: DbOrTx, userId: bigint, book: Book, f: StatementFilter) {
  const conds: SQL[] = [eq(ledgerAccounts.ownerKind, 'user'), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book)];
  if (f.asset) conds.push(eq(ledgerTransfers.asset, f.asset));
  if (f.reason) conds.push(eq(ledgerTransfers.reason, f.reason));
  if (f.from) conds.push(gte(ledgerTransfers.createdAt, new Date(f.from)));
  if (f.to) conds.push(lt(ledgerTransfers.createdAt, new Date(f.to)));
  const join = or(eq(ledgerAccounts.id, ledgerTransfers.creditAccountId), eq(ledgerAccounts.id, ledgerTransfers.debitAccountId));
  return { where: and(...conds), join };
}

/**
 * An event is the transfers written in one database transaction (created_at is the transaction's
 * start, now()) about one business record: its id names the record and that moment to the
 * microsecond, so it is the same whatever the filter or the page, with no look-up of other rows.
 * A transfer without a record is an event of its own.
 */
const eventKey = sql<string>`coalesce(${ledgerTransfers.refType}, 'transfer') || ':' || coalesce(${ledgerTransfers.refId}, ${ledgerTransfers.id}::text) || ':' || (extract(epoch from ${ledgerTransfers.createdAt}) * 1000000)::bigint::text`;

const direction = sql<'in' | 'out'>`case when ${ledgerAccounts.id} = ${ledgerTransfers.creditAccountId} then 'in' else 'out' end`;

/** What a statement shows of one leg: the transfer, and which way it moved the user's account. */
const legColumns = {
  transferId: ledgerTransfers.id,
  time: ledgerTransfers.createdAt,
  asset: ledgerTransfers.asset,
  purpose: ledgerAccounts.purpose,
  direction,
  amount: ledgerTransfers.amount,
  reason: ledgerTransfers.reason,
  refType: ledgerTransfers.refType,
  refId: ledgerTransfers.refId,
};

export async function statement(
  db: DbOrTx,
  userId: bigint,
  book: Book,
  f: StatementFilter,
  page: { pageNum?: number; pageSize?: number; limit?: number },
): Promise<{ rows: StatementRow[]; total: number }> {
  const { where, join } = query(db, userId, book, f);
  const size = page.limit ?? page.pageSize ?? 20;
  const offset = page.limit ? 0 : ((page.pageNum ?? 1) - 1) * size;
  const raw = await db
    .select({ ...legColumns, eventId: eventKey })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, join)
    .where(where)
    .orderBy(desc(ledgerTransfers.id), desc(direction))
    .limit(size)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(ledgerTransfers).innerJoin(ledgerAccounts, join).where(where);
  // the CSV's label: what the event's transfers on these rows say (a reason filter can leave some out)
  const reasonsOf = new Map<string, string[]>();
  for (const r of raw) reasonsOf.set(r.eventId, [...(reasonsOf.get(r.eventId) ?? []), r.reason]);
  const rows = raw.map((r): StatementRow => {
    const amt = new Decimal(r.amount).toFixed(ASSET_DECIMALS[r.asset as Asset] ?? 8);
    return {
      id: `${r.transferId}:${r.direction}`,
      transferId: r.transferId.toString(),
      time: new Date(r.time).toISOString(),
      asset: r.asset as Asset,
      purpose: r.purpose,
      direction: r.direction,
      amount: r.direction === 'in' ? amt : `-${amt}`,
      reason: r.reason,
      refType: r.refType,
      refId: r.refId,
      eventId: r.eventId,
      event: eventKind(reasonsOf.get(r.eventId) ?? []),
    };
  });
  return { rows, total: Number(total) };
}

/**
 * The statement one event a row, newest first, paged by events (a page of ten is ten lines
 * whatever their legs). A transfer between two of the user's own accounts is one leg with both
 * accounts named. Filters choose transfers; an event lists the transfers that passed them.
 */
export async function statementEvents(
  db: DbOrTx,
  userId: bigint,
  book: Book,
  f: StatementFilter,
  page: { pageNum?: number; pageSize?: number },
): Promise<{ rows: StatementEvent[]; total: number }> {
  const { where, join } = query(db, userId, book, f);
  const size = page.pageSize ?? 20;
  const offset = ((page.pageNum ?? 1) - 1) * size;
  // a function: drizzle's builders change in place, and the count must not take the page's limit
  const grouped = () =>
    db
      .select({
        key: eventKey.as('event_key'),
        last: sql<string>`max(${ledgerTransfers.id})`.as('last_id'),
        ids: sql<string>`string_agg(distinct ${ledgerTransfers.id}::text, ',')`.as('ids'),
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, join)
      .where(where)
      .groupBy(sql`event_key`);
  const events = await grouped()
    .orderBy(desc(sql`last_id`))
    .limit(size)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(grouped().as('events'));
  const ids = events.flatMap((e) => e.ids.split(',').map((id) => BigInt(id)));
  const legs = ids.length
    ? await db
        .select(legColumns)
        .from(ledgerTransfers)
        .innerJoin(ledgerAccounts, join)
        .where(and(where, inArray(ledgerTransfers.id, ids)))
        .orderBy(ledgerTransfers.id)
    : [];
  const byTransfer = new Map<string, StatementLeg & { time: Date; refType: string | null; refId: string | null }>();
  for (const r of legs) {
    const id = r.transferId.toString();
    const leg = byTransfer.get(id) ?? {
      transferId: id,
      asset: r.asset as Asset,
      amount: new Decimal(r.amount).toFixed(ASSET_DECIMALS[r.asset as Asset] ?? 8),
      reason: r.reason,
      from: null,
      to: null,
      time: new Date(r.time),
      refType: r.refType,
      refId: r.refId,
    };
    leg[r.direction === 'in' ? 'to' : 'from'] = r.purpose;
    byTransfer.set(id, leg);
  }
  const rows = events.map((e): StatementEvent => {
    const mine = e.ids.split(',').flatMap((id) => byTransfer.get(id) ?? []);
    mine.sort((a, b) => (BigInt(a.transferId) < BigInt(b.transferId) ? -1 : 1));
    const first = mine[0];
    return {
      id: e.key,
      time: first.time.toISOString(),
      kind: eventKind(mine.map((l) => l.reason)),
      refType: first.refType,
      refId: first.refId,
      nets: eventNets(mine),
      legs: mine.map(({ transferId, asset, amount, reason, from, to }) => ({ transferId, asset, amount, reason, from, to })),
    };
  });
  return { rows, total: Number(total) };
}

/** Spreadsheet programs run cells that start with = + - @: quote text cells so they stay text. */
function cell(v: string | null, text = true): string {
  let s = v ?? '';
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const STATEMENT_CSV_LIMIT = 50_000;

export async function statementCsv(db: DbOrTx, userId: bigint, book: Book, f: StatementFilter): Promise<string> {
  const { rows } = await statement(db, userId, book, f, { limit: STATEMENT_CSV_LIMIT });
  const head = 'time,transfer_id,book,asset,account,direction,amount,reason,ref_type,ref_id,event_id,event';
  const lines = rows.map((r) =>
    [
      r.time,
      r.transferId,
      book,
      r.asset,
      cell(r.purpose),
      r.direction,
      r.amount,
      cell(r.reason),
      cell(r.refType),
      cell(r.refId),
      cell(r.eventId),
      cell(r.event),
    ].join(','),
  );
  return [head, ...lines].join('\r\n') + '\r\n';
}
