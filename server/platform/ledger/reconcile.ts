/**
 * Proves the ledger (docs/design.md, principle 3): for each asset and book the balances of all accounts
 * sum to zero, and every account's balance equals the credits minus the debits of its
 * transfers. Also checks that no transfer joins accounts of another book or asset.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export interface BookTotal {
  book: string;
  asset: string;
  accounts: number;
  transfers: number;
  sum: string;
  ok: boolean;
}
export interface AccountMismatch {
  accountId: string;
  ownerKind: string;
  userId: string;
  book: string;
  asset: string;
  purpose: string;
  balance: string;
  computed: string;
}
export interface ReconcileReport {
  ok: boolean;
  totals: BookTotal[];
  mismatches: AccountMismatch[];
  /** transfers whose accounts are of another book or asset than the transfer itself */
  crossed: string[];
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as Rows<T>).rows);

export async function reconcile(db: DbOrTx): Promise<ReconcileReport> {
  const totals = rowsOf<{ book: string; asset: string; accounts: number; transfers: number; sum: string }>(
    await db.execute(sql`
    select a.book, a.asset, count(*)::int as accounts, sum(a.balance)::text as sum,
      (select count(*)::int from ledger_transfers t where t.book = a.book and t.asset = a.asset) as transfers
    from ledger_accounts a group by a.book, a.asset order by a.book, a.asset`),
  );
  const mismatches = rowsOf<AccountMismatch>(
    await db.execute(sql`
    select a.id::text as "accountId", a.owner_kind as "ownerKind", a.user_id::text as "userId", a.book, a.asset, a.purpose,
      a.balance::text as balance, (coalesce(c.s, 0) - coalesce(d.s, 0))::text as computed
    from ledger_accounts a
    left join (select credit_account_id as id, sum(amount) as s from ledger_transfers group by credit_account_id) c on c.id = a.id
    left join (select debit_account_id as id, sum(amount) as s from ledger_transfers group by debit_account_id) d on d.id = a.id
    where a.balance <> coalesce(c.s, 0) - coalesce(d.s, 0)
    order by a.id`),
  );
  const crossed = rowsOf<{ id: string }>(
    await db.execute(sql`
    select t.id::text as id from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where d.book <> t.book or c.book <> t.book or d.asset <> t.asset or c.asset <> t.asset
    order by t.id limit 100`),
  ).map((r) => r.id);
  const bookTotals = totals.map((t) => ({
    ...t,
    accounts: Number(t.accounts),
    transfers: Number(t.transfers),
    ok: new Decimal(t.sum).isZero(),
  }));
  return {
    ok: bookTotals.every((t) => t.ok) && mismatches.length === 0 && crossed.length === 0,
    totals: bookTotals,
    mismatches,
    crossed,
  };
}

/** The report as a plain-text table for the terminal. */
export function formatReport(r: ReconcileReport): string {
  const lines = [
    'book  asset  accounts  transfers  sum of balances         result',
    '----  -----  --------  ---------  ----------------------  ------',
  ];
  for (const t of r.totals) {
    lines.push(
      `${t.book.padEnd(4)}  ${t.asset.padEnd(5)}  ${String(t.accounts).padStart(8)}  ${String(t.transfers).padStart(9)}  ${new Decimal(t.sum).toFixed().padStart(22)}  ${t.ok ? 'ok' : 'NOT ZERO'}`,
    );
  }
  if (r.totals.length === 0) lines.push('(no accounts yet)');
  for (const m of r.mismatches) {
    lines.push(
      `account ${m.accountId} (${m.ownerKind} ${m.userId} ${m.book} ${m.asset} ${m.purpose}): balance ${m.balance} but transfers give ${m.computed}`,
    );
  }
  if (r.crossed.length) lines.push(`transfers across books or assets: ${r.crossed.join(', ')}`);
  lines.push(r.ok ? 'RECONCILED: every book sums to zero and every balance equals its transfers.' : 'NOT RECONCILED');
  return lines.join('\n');
}
