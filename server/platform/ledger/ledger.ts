import Decimal from 'decimal.js';
import { and, asc, eq, is } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import { escapeLiteral } from 'pg';
import { ASSET_DECIMALS, type Asset, type Book } from '../../../src/contract/constants.ts';
import { Err } from '../../../src/contract/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { ledgerAccounts } from './schema.ts';
import { userWritten } from '../db/userWrites.ts';
import { BizError } from '../http/errors.ts';
import type { AccountRef, TransferRequest } from './accounts.ts';

/**
 * The only code that changes money. Call it inside the caller's transaction so the business
 * change and the money move commit or roll back together.
 */

/** Rounds toward zero to the asset's precision; throws 10042 for non-positive or malformed input. */
export function normaliseAmount(asset: Asset, amount: string): string {
  let d: Decimal;
  try {
    d = new Decimal(amount);
  } catch {
    throw new BizError(Err.AMOUNT_INVALID);
  }
  if (!d.isFinite() || d.lte(0) || d.decimalPlaces() > ASSET_DECIMALS[asset] || d.gte('1e20'))
    throw new BizError(Err.AMOUNT_INVALID);
  return d.toFixed(ASSET_DECIMALS[asset], Decimal.ROUND_DOWN);
}

/**
 * Account ids by their natural key (owner, user, book, asset, purpose). An account, once made,
 * keeps its id forever, so each is looked up once per process. An id is never trusted blindly:
 * the transfer statement checks that it still names that account (it may come from a rolled-back
 * transaction, or another database of the same process in tests) and falls back to looking it
 * up when not. Bounded: emptied whole when full.
 */
const ids = new Map<string, bigint>();
const MAX_CACHED_IDS = 200_000;

const naturalKey = (ref: AccountRef, book: Book, asset: Asset) =>
  `${ref.owner}\u0000${ref.owner === 'user' ? ref.userId : 0n}\u0000${book}\u0000${asset}\u0000${ref.purpose}`;

/** Forgets every remembered id, as a restart does (tests reproduce a cold start with it). */
export function forgetAccountIds(): void {
  ids.clear();
}

function remember(key: string, id: bigint) {
  if (ids.size >= MAX_CACHED_IDS) ids.clear();
  ids.set(key, id);
}

async function accountId(tx: DbOrTx, ref: AccountRef, book: Book, asset: Asset): Promise<bigint> {
  const userId = ref.owner === 'user' ? ref.userId : 0n;
  const key = and(
    eq(ledgerAccounts.ownerKind, ref.owner),
    eq(ledgerAccounts.userId, userId),
    eq(ledgerAccounts.book, book),
    eq(ledgerAccounts.asset, asset),
    eq(ledgerAccounts.purpose, ref.purpose),
  );
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(key).limit(1);
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values({ ownerKind: ref.owner, userId, book, asset, purpose: ref.purpose })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(key).limit(1);
  return row.id;
}

const isCheckViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23514' || err?.cause?.code === '23514';
};

/**
 * The whole transfer in one statement, the only one that moves money: check that both ids
 * still name the accounts (`checked`), record the transfer unless its key was used (`recorded`),
 * then move the amount on the lower account id (`first_moved`) and only after it on the higher
 * (`second_moved`: its condition reads `first_moved`, so it cannot run before). A user account
 * going below zero fails the statement on the CHECK constraint. Nothing is written when an id
 * does not check out: the caller then resolves them again.
 *
 * Each UPDATE locks its row FOR NO KEY UPDATE (no key column changes), the lock that does not
 * conflict with the KEY SHARE lock every new transfer row takes on its two accounts (the foreign
 * keys). FOR UPDATE did, so a transaction that had moved money off an account and then paid a fee
 * from it waited for another transaction's new transfer row on that account, which itself waited
 * for the first: the deadlocks right after a restart (issue 25, docs/ledger.md). Both rows are
 * locked in id order, on the look-up path as on the cached one (it is the same statement), so
 * two transfers over the same pair never wait for each other crosswise. Updating each row by its
 * id, one after the other, takes the same locks in the same order as locking both first
 * (`select ... order by id for no key update`) and then updating them, with two fewer row
 * visits and WAL records per transfer (docs/performance.md, "Ledger against TPC-B").
 *
 * `checked` looks each account up by its id and its whole natural key, two unique lookups
 * whatever the planner picks. One condition ORing both accounts let PostgreSQL's custom plans (the
 * first five runs of a prepared statement on a connection, and any run it judges cheaper that
 * way) factor out what both share, owner, book, asset and purpose, and read every account of
 * that kind: all users' accounts on each transfer.
 *
 * The text never changes and is written with its parameters numbered once: building it with
 * drizzle's sql template on every call cost more CPU in the process than the rest of the
 * transfer (docs/performance.md). Exported for the test that reads its plan.
 */
export const TRANSFER_BY_IDS = `with checked as (
  select ((select count(*) from ledger_accounts a where a.id = $1::bigint
      and a.owner_kind = $3 and a.user_id = $4::bigint and a.book = $9 and a.asset = $10 and a.purpose = $5)
    + (select count(*) from ledger_accounts a where a.id = $2::bigint and a.id <> $1::bigint
      and a.owner_kind = $6 and a.user_id = $7::bigint and a.book = $9 and a.asset = $10 and a.purpose = $8))::int as n
), recorded as (
  insert into ledger_transfers (idempotency_key, book, asset, debit_account_id, credit_account_id, amount, reason, ref_type, ref_id)
  select $11, $9, $10, $1::bigint, $2::bigint, $12::numeric, $13, $14, $15 from checked where checked.n = 2
  on conflict (idempotency_key) do nothing
  returning id
), first_moved as (
  update ledger_accounts a
  set balance = a.balance + case when a.id = $1::bigint then -$12::numeric else $12::numeric end, updated_at = now()
  where a.id = least($1::bigint, $2::bigint) and exists (select 1 from recorded)
  returning a.id
), second_moved as (
  update ledger_accounts a
  set balance = a.balance + case when a.id = $1::bigint then -$12::numeric else $12::numeric end, updated_at = now()
  where a.id = greatest($1::bigint, $2::bigint) and exists (select 1 from first_moved)
  returning a.id
)
select (select n from checked) as checked, (select count(*) from recorded)::int as recorded,
  ((select count(*) from first_moved) + (select count(*) from second_moved))::int as moved`;

/** The types of TRANSFER_BY_IDS's parameters, in order (PGlite's PREPARE names them). */
const TRANSFER_PARAM_TYPES = [
  'bigint',
  'bigint',
  'text',
  'bigint',
  'text',
  'text',
  'bigint',
  'text',
  'text',
  'text',
  'text',
  'numeric',
  'text',
  'text',
  'text',
];

async function transferByIds(tx: DbOrTx, req: TransferRequest, amount: string, debit: bigint, credit: bigint) {
  const userIdOf = (ref: AccountRef) => String(ref.owner === 'user' ? ref.userId : 0n);
  const result = await executeNamed(tx, 'ledger_transfer_by_ids', TRANSFER_BY_IDS, TRANSFER_PARAM_TYPES, [
    String(debit),
    String(credit),
    req.from.owner,
    userIdOf(req.from),
    req.from.purpose,
    req.to.owner,
    userIdOf(req.to),
    req.to.purpose,
    req.book,
    req.asset,
    req.key,
    amount,
    req.reason,
    req.refType ?? null,
    req.refId ?? null,
  ]);
  const [row] = (result as { rows: Array<{ checked: number; recorded: number; moved: number }> }).rows;
  return { checked: Number(row.checked), recorded: Number(row.recorded), moved: Number(row.moved) };
}

type Session = {
  client: {
    query(text: string): Promise<unknown>;
    query(config: { name: string; text: string; values: unknown[] }): Promise<unknown>;
  };
};

/**
 * PGlite: the statements PREPAREd on its one connection, by drizzle database handle (its dialect
 * object, which the handle and all its transactions share). Each handle prepares under names of
 * its own, so two handles on one PGlite never meet; a PREPARE outlives the transaction it ran in.
 */
const preparedOnPglite = new WeakMap<object, Map<string, string>>();
let pgliteStatements = 0;

/**
 * Runs a statement whose text never changes (every value a parameter) with its plan kept, not
 * made again on every call, which for the transfer's four-part statement was most of the
 * database's work per transfer (docs/ledger.md, docs/performance.md):
 * - node-postgres: a named prepared statement, parsed and planned once per connection, sent on the
 *   transaction's own connection (the session's client) as node-postgres's named query: drizzle has
 *   no public call for a named raw statement, and its query path (tracing span, cache lookup,
 *   result mapping) cost the process a fifth of its work per transfer for a statement whose one
 *   row is read here;
 * - PGlite: its query() parses and plans every statement anew, and EXECUTE takes no protocol
 *   parameters, so the statement is PREPAREd once with `types` and EXECUTEd with its values
 *   written as literals, each escaped by node-postgres's escapeLiteral (quotes and backslashes
 *   doubled); a transfer ran three times as fast this way.
 */
async function executeNamed(
  tx: DbOrTx,
  name: string,
  text: string,
  types: string[],
  params: Array<string | null>,
): Promise<unknown> {
  const { session, dialect } = tx as unknown as { session: Session; dialect: object };
  const onPglite: boolean = is((tx as unknown as { session: unknown }).session, PgliteSession);
  if (!onPglite) return session.client.query({ name, text, values: params });
  let mine = preparedOnPglite.get(dialect);
  if (!mine) preparedOnPglite.set(dialect, (mine = new Map()));
  let local = mine.get(name);
  if (local === undefined) {
    local = `${name}_${++pgliteStatements}`;
    await session.client.query(`prepare ${local} (${types.join(', ')}) as ${text}`);
    mine.set(name, local);
  }
  return session.client.query(`execute ${local} (${params.map((v) => (v === null ? 'null' : escapeLiteral(v))).join(', ')})`);
}

/**
 * Moves `amount` from one account to another. Returns false when the key was already used
 * (nothing moves twice). Refuses with 10011 when a user account would go below zero: the
 * database CHECK constraint decides, so no race can overdraw. The caller's transaction is
 * then unusable and must be abandoned (the thrown BizError does that).
 *
 * The transfer is one statement (transferByIds). Once both accounts' ids are known (cached per
 * process) that is all; the first transfer of an account looks it up first, creating it if
 * needed. The users whose accounts it touches are named to the transaction (server/platform/db/userWrites.ts):
 * their reads kept in memory are forgotten on every instance once it has ended.
 */
export async function transfer(tx: DbOrTx, req: TransferRequest): Promise<boolean> {
  try {
    return await move(tx, req);
  } finally {
    // whatever the outcome: a first transfer creates the account even when its key was used
    await userWritten(tx, ...[req.from, req.to].flatMap((a) => (a.owner === 'user' ? [a.userId] : [])));
  }
}

async function move(tx: DbOrTx, req: TransferRequest): Promise<boolean> {
  const amount = normaliseAmount(req.asset, req.amount);
  const debitKey = naturalKey(req.from, req.book, req.asset);
  const creditKey = naturalKey(req.to, req.book, req.asset);
  const cachedDebit = ids.get(debitKey);
  const cachedCredit = ids.get(creditKey);
  if (cachedDebit !== undefined && cachedCredit !== undefined && cachedDebit !== cachedCredit) {
    const r = await runTransfer(tx, req, amount, cachedDebit, cachedCredit);
    if (r.checked === 2) return movedBy(req, r);
    // an id no longer names its account: forget both and look them up
    ids.delete(debitKey);
    ids.delete(creditKey);
  }
  // first use of an account in this process: look its id up (creating it), then the same
  // statement as above, so every transfer locks the same rows the same way
  const [debit, credit] = [await accountId(tx, req.from, req.book, req.asset), await accountId(tx, req.to, req.book, req.asset)];
  if (debit === credit) throw new Error(`ledger: transfer ${req.key} from an account to itself`);
  const r = await runTransfer(tx, req, amount, debit, credit);
  if (r.checked !== 2) throw new Error(`ledger: transfer ${req.key}: account ids found but not matched`);
  remember(debitKey, debit);
  remember(creditKey, credit);
  return movedBy(req, r);
}

/** Whether the transfer moved money (false: its key was used). */
function movedBy(req: TransferRequest, r: { recorded: number; moved: number }): boolean {
  if (r.recorded === 0) return false;
  if (r.moved !== 2) throw new Error(`ledger: transfer ${req.key} recorded but moved ${r.moved} of 2 accounts`);
  return true;
}

/** transferByIds, with the CHECK constraint's refusal as 10011. */
async function runTransfer(tx: DbOrTx, req: TransferRequest, amount: string, debit: bigint, credit: bigint) {
  try {
    return await transferByIds(tx, req, amount, debit, credit);
  } catch (e) {
    if (isCheckViolation(e)) throw new BizError(Err.INSUFFICIENT_BALANCE);
    throw e;
  }
}

export interface BalanceRow {
  asset: string;
  purpose: string;
  balance: string;
}

/** A user's balances in one book, every asset and purpose (zero rows omitted). */
export async function userBalances(db: DbOrTx, userId: bigint, book: Book): Promise<BalanceRow[]> {
  return db
    .select({ asset: ledgerAccounts.asset, purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKind, 'user'), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book)))
    .orderBy(asc(ledgerAccounts.asset), asc(ledgerAccounts.purpose));
}

/** Picks a user's available account in one book and asset. */
export const availableAccountOf = (userId: bigint, book: Book, asset: Asset) =>
  and(
    eq(ledgerAccounts.ownerKind, 'user'),
    eq(ledgerAccounts.userId, userId),
    eq(ledgerAccounts.book, book),
    eq(ledgerAccounts.asset, asset),
    eq(ledgerAccounts.purpose, 'available'),
  );

export async function availableBalance(db: DbOrTx, userId: bigint, book: Book, asset: Asset): Promise<string> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(availableAccountOf(userId, book, asset));
  return row ? new Decimal(row.balance).toFixed(ASSET_DECIMALS[asset]) : new Decimal(0).toFixed(ASSET_DECIMALS[asset]);
}
