/**
 * The yield reserve (docs/smart-plans.md): a platform account of the real book, funded by
 * operators from house capital (audited), drawn on by purchases, which move each plan's whole
 * promised yield to the committed-yield account. It is public: balance, committed yield and how
 * much of the yield still owed is set aside.
 *
 * Every smart transaction locks the reserve's ledger row first. That one rule serialises the
 * check "does the reserve cover this plan?" with the transfer that draws on it (no two purchases
 * can both spend the last of it), and gives all smart transactions one lock order, so a purchase,
 * a payout and an exit touching the same user cannot deadlock.
 */
import Decimal from 'decimal.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import { SMART_ASSET, type AdminReserve, type FundReserveBody, type ReserveSummary } from '../../src/contract/smart.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { ledgerAccounts, smartPlans, smartReserveFundings } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';
import { assertMayReviewMoney } from '../admin/operatorTrust.ts';
import { platformAccount, type PlatformPurpose } from '../ledger/accounts.ts';
import { transfer } from '../ledger/ledger.ts';
import { writeAudit } from '../admin/audit.ts';
import { fmt, parseUserAmount } from '../ledger/amounts.ts';

const BOOK = 'real' as const;
const platformRow = (purpose: PlatformPurpose) => and(
  eq(ledgerAccounts.ownerKind, 'platform'), eq(ledgerAccounts.userId, 0n), eq(ledgerAccounts.book, BOOK),
  eq(ledgerAccounts.asset, SMART_ASSET), eq(ledgerAccounts.purpose, purpose),
);

/**
 * Locks the reserve's ledger row for the rest of the transaction and returns its balance (the
 * latest committed one: a waiting transaction reads it after the holder commits). The row is
 * created at zero when missing; that moves no money.
 */
export async function lockReserve(tx: DbOrTx): Promise<string> {
  await tx.insert(ledgerAccounts)
    .values({ ownerKind: 'platform', userId: 0n, book: BOOK, asset: SMART_ASSET, purpose: 'yield_reserve' })
    .onConflictDoNothing();
  const [row] = await tx.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(platformRow('yield_reserve')).for('update');
  return row.balance;
}

async function platformBalance(db: DbOrTx, purpose: PlatformPurpose): Promise<string> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(platformRow(purpose));
  return row?.balance ?? '0';
}

export const reserveBalance = (db: DbOrTx) => platformBalance(db, 'yield_reserve');

/** The public figures: computed from the two ledger accounts and from the running plans themselves. */
export async function reserveSummary(db: DbOrTx): Promise<ReserveSummary> {
  const [balance, committed] = [await platformBalance(db, 'yield_reserve'), await platformBalance(db, 'yield_committed')];
  const [owed] = await db.select({
    outstanding: sql<string>`coalesce(sum(${smartPlans.dailyEarning} * (${smartPlans.days} - ${smartPlans.daysPaid})), 0)::text`,
    running: sql<number>`count(*)::int`,
  }).from(smartPlans).where(eq(smartPlans.status, 'earning'));
  const outstanding = new Decimal(owed.outstanding);
  const coverage = outstanding.isZero() ? new Decimal(1) : new Decimal(committed).div(outstanding).toDecimalPlaces(6, Decimal.ROUND_DOWN);
  return {
    asset: SMART_ASSET,
    balance: fmt(SMART_ASSET, balance),
    committedYield: fmt(SMART_ASSET, committed),
    outstandingYield: fmt(SMART_ASSET, outstanding.toFixed()),
    coverage: coverage.toFixed(),
    runningPlans: Number(owed.running),
  };
}

type FundingRow = typeof smartReserveFundings.$inferSelect;
const fundingView = (f: FundingRow) => ({
  id: f.id.toString(), amount: fmt(SMART_ASSET, f.amount), note: f.note, operatorId: f.operatorId.toString(), createdAt: f.createdAt.toISOString(),
});

export async function adminReserve(db: DbOrTx): Promise<AdminReserve> {
  const fundings = await db.select().from(smartReserveFundings).orderBy(desc(smartReserveFundings.id)).limit(50);
  return { ...(await reserveSummary(db)), fundings: fundings.map(fundingView) };
}

/**
 * House capital into the reserve: a ledger transfer with the funding record and its audit entry
 * in one transaction. A retry with the same client key moves nothing twice.
 */
export async function fundReserve(db: Db, operatorId: bigint, b: FundReserveBody, probationHours: number, now: number): Promise<AdminReserve> {
  const amount = parseUserAmount(SMART_ASSET, b.amount);
  const note = b.note.trim();
  if (!note) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'note required' });
  // an operator added in the console moves no house money while new (issue 25)
  await assertMayReviewMoney(db, probationHours, operatorId, {}, now);
  await db.transaction(async (tx) => {
    await lockReserve(tx);
    const [row] = await tx.insert(smartReserveFundings).values({ operatorId, amount, note, clientKey: b.clientKey ?? null })
      .onConflictDoNothing({ target: [smartReserveFundings.operatorId, smartReserveFundings.clientKey] }).returning();
    if (!row) return; // the same funding, retried
    await transfer(tx, {
      key: `smart:reserve:funding:${row.id}`, book: BOOK, asset: SMART_ASSET,
      from: platformAccount('house_capital'), to: platformAccount('yield_reserve'),
      amount, reason: 'smart.reserve_funded', refType: 'smart_reserve_funding', refId: row.id.toString(),
    });
    await writeAudit(tx, { actorId: operatorId, action: 'smart_reserve.fund', targetType: 'smart_reserve', targetId: row.id, before: null, after: row });
  });
  return adminReserve(db);
}
