import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ASSET_DECIMALS, type Asset, type Book } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../db/schema/index.ts';
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
  if (!d.isFinite() || d.lte(0) || d.decimalPlaces() > ASSET_DECIMALS[asset] || d.gte('1e20')) throw new BizError(Err.AMOUNT_INVALID);
  return d.toFixed(ASSET_DECIMALS[asset], Decimal.ROUND_DOWN);
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
 * Moves `amount` from one account to another. Returns false when the key was already used
 * (nothing moves twice). Refuses with 10011 when a user account would go below zero: the
 * database CHECK constraint decides, so no race can overdraw. The caller's transaction is
 * then unusable and must be abandoned (the thrown BizError does that).
 */
export async function transfer(tx: DbOrTx, req: TransferRequest): Promise<boolean> {
  const amount = normaliseAmount(req.asset, req.amount);
  const [debit, credit] = [await accountId(tx, req.from, req.book, req.asset), await accountId(tx, req.to, req.book, req.asset)];
  const inserted = await tx
    .insert(ledgerTransfers)
    .values({
      idempotencyKey: req.key, book: req.book, asset: req.asset, debitAccountId: debit, creditAccountId: credit,
      amount, reason: req.reason, refType: req.refType, refId: req.refId,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (inserted.length === 0) return false;
  // Lock order by id so two transfers between the same pair cannot deadlock.
  const moves: Array<[bigint, string]> = [[debit, `-${amount}`], [credit, amount]];
  moves.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  try {
    for (const [id, delta] of moves) {
      await tx.update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${delta}::numeric`, updatedAt: sql`now()` })
        .where(eq(ledgerAccounts.id, id));
    }
  } catch (e) {
    if (isCheckViolation(e)) throw new BizError(Err.INSUFFICIENT_BALANCE);
    throw e;
  }
  return true;
}

export interface BalanceRow { asset: string; purpose: string; balance: string }

/** A user's balances in one book, every asset and purpose (zero rows omitted). */
export async function userBalances(db: DbOrTx, userId: bigint, book: Book): Promise<BalanceRow[]> {
  return db
    .select({ asset: ledgerAccounts.asset, purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKind, 'user'), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book)))
    .orderBy(asc(ledgerAccounts.asset), asc(ledgerAccounts.purpose));
}

export async function availableBalance(db: DbOrTx, userId: bigint, book: Book, asset: Asset): Promise<string> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(
      eq(ledgerAccounts.ownerKind, 'user'), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book),
      eq(ledgerAccounts.asset, asset), eq(ledgerAccounts.purpose, 'available'),
    ));
  return row ? new Decimal(row.balance).toFixed(ASSET_DECIMALS[asset]) : new Decimal(0).toFixed(ASSET_DECIMALS[asset]);
}
