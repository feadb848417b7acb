/**
 * A user's statement: every movement of their accounts in one book, newest first. A transfer
 * between two of the user's own accounts (available → withdrawal_hold) shows as two rows.
 */
import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { ASSET_DECIMALS, type Asset, type Book } from '../../../src/contract/constants.ts';
import type { StatementRow } from '../../../src/contract/wallet.ts';
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

const direction = sql<'in' | 'out'>`case when ${ledgerAccounts.id} = ${ledgerTransfers.creditAccountId} then 'in' else 'out' end`;

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
    .select({
      transferId: ledgerTransfers.id,
      time: ledgerTransfers.createdAt,
      asset: ledgerTransfers.asset,
      purpose: ledgerAccounts.purpose,
      direction,
      amount: ledgerTransfers.amount,
      reason: ledgerTransfers.reason,
      refType: ledgerTransfers.refType,
      refId: ledgerTransfers.refId,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, join)
    .where(where)
    .orderBy(desc(ledgerTransfers.id), desc(direction))
    .limit(size)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(ledgerTransfers).innerJoin(ledgerAccounts, join).where(where);
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
  const head = 'time,transfer_id,book,asset,account,direction,amount,reason,ref_type,ref_id';
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
    ].join(','),
  );
  return [head, ...lines].join('\r\n') + '\r\n';
}
