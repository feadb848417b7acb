/**
 * The yield reserve (docs/smart-plans.md): a platform account of the real book, funded from house
 * capital by two operators (one proposes, another confirms: server/smart/capital.ts), drawn on by
 * purchases, which move each plan's whole promised yield to the committed-yield account. It is
 * public: balance, committed yield, how much of the yield still owed is set aside, and how much
 * of the house capital in it is only declared by operators and how much attested.
 *
 * Every smart transaction locks the reserve's ledger row first. That one rule serialises the
 * check "does the reserve cover this plan?" with the transfer that draws on it (no two purchases
 * can both spend the last of it), and gives all smart transactions one lock order, so a purchase,
 * a payout and an exit touching the same user cannot deadlock.
 */
import Decimal from 'decimal.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  SMART_ASSET,
  type AdminReserve,
  type CapitalEvidence,
  type ReserveFunding,
  type ReserveSummary,
} from '../../src/contract/smart.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { ledgerAccounts } from '../platform/ledger/schema.ts';
import { smartPlans, smartReserveFundings } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import type { PlatformPurpose } from '../platform/ledger/accounts.ts';
import { fmt } from '../platform/ledger/amounts.ts';
import { attestedHoldings } from './attested.ts';

const BOOK = 'real' as const;
const platformRow = (purpose: PlatformPurpose) =>
  and(
    eq(ledgerAccounts.ownerKind, 'platform'),
    eq(ledgerAccounts.userId, 0n),
    eq(ledgerAccounts.book, BOOK),
    eq(ledgerAccounts.asset, SMART_ASSET),
    eq(ledgerAccounts.purpose, purpose),
  );

/**
 * Locks the reserve's ledger row for the rest of the transaction and returns its balance (the
 * latest committed one: a waiting transaction reads it after the holder commits). The row is
 * created at zero when missing; that moves no money.
 */
export async function lockReserve(tx: DbOrTx): Promise<string> {
  await tx
    .insert(ledgerAccounts)
    .values({ ownerKind: 'platform', userId: 0n, book: BOOK, asset: SMART_ASSET, purpose: 'yield_reserve' })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(platformRow('yield_reserve'))
    .for('update');
  return row.balance;
}

async function platformBalance(db: DbOrTx, purpose: PlatformPurpose): Promise<string> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(platformRow(purpose));
  return row?.balance ?? '0';
}

export const reserveBalance = (db: DbOrTx) => platformBalance(db, 'yield_reserve');

/**
 * House capital operators have put in the reserve, net of withdrawals. `house_capital` is the
 * outside world's side of those transfers and nothing else moves it, so its balance, negated, is
 * that sum as the ledger holds it.
 */
export const declaredCapital = async (db: DbOrTx) => new Decimal(await platformBalance(db, 'house_capital')).neg().toFixed();

/**
 * The public figures: computed from the two ledger accounts and from the running plans themselves,
 * all read in one snapshot. Read one after the other, a payout committing in between (it moves
 * committed yield to the user and counts the day paid) would be half seen, and the coverage
 * shown would be a ratio of two different moments.
 */
export async function reserveSummary(db: DbOrTx): Promise<ReserveSummary> {
  return db.transaction((tx) => summaryOf(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function summaryOf(db: DbOrTx): Promise<ReserveSummary> {
  const [balance, committed] = [await platformBalance(db, 'yield_reserve'), await platformBalance(db, 'yield_committed')];
  const [owed] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${smartPlans.dailyEarning} * (${smartPlans.days} - ${smartPlans.daysPaid})), 0)::text`,
      running: sql<number>`count(*)::int`,
    })
    .from(smartPlans)
    .where(eq(smartPlans.status, 'earning'));
  const outstanding = new Decimal(owed.outstanding);
  const coverage = outstanding.isZero()
    ? new Decimal(1)
    : new Decimal(committed).div(outstanding).toDecimalPlaces(6, Decimal.ROUND_DOWN);
  return {
    asset: SMART_ASSET,
    balance: fmt(SMART_ASSET, balance),
    committedYield: fmt(SMART_ASSET, committed),
    outstandingYield: fmt(SMART_ASSET, outstanding.toFixed()),
    coverage: coverage.toFixed(),
    runningPlans: Number(owed.running),
    ...(await capitalFigures(db)),
  };
}

/** Declared house capital beside the attested holdings that back it (server/smart/attested.ts). */
async function capitalFigures(db: DbOrTx) {
  const declared = await declaredCapital(db);
  const attested = await attestedHoldings(db, SMART_ASSET);
  return {
    declaredCapital: fmt(SMART_ASSET, declared),
    attestedHoldings: attested ? fmt(SMART_ASSET, attested.amount) : null,
    attestedCapital: fmt(SMART_ASSET, attested ? Decimal.max(0, Decimal.min(declared, attested.amount)).toFixed() : '0'),
    attestedAt: attested ? attested.at.toISOString() : null,
  };
}

type FundingRow = typeof smartReserveFundings.$inferSelect;

/** What a movement records of where the capital is held; null for fundings from before evidence. */
function evidenceOf(f: FundingRow): CapitalEvidence | null {
  if (f.evidenceKind === 'bank' && f.evidenceReference) return { kind: 'bank', reference: f.evidenceReference };
  if (f.evidenceKind === 'chain' && f.evidenceNetwork && f.evidenceAddress && f.evidenceTxHash) {
    return {
      kind: 'chain',
      network: f.evidenceNetwork as 'TRC20' | 'ERC20',
      address: f.evidenceAddress,
      txHash: f.evidenceTxHash,
    };
  }
  return null;
}

export async function fundingViews(db: DbOrTx, rows: FundingRow[]): Promise<ReserveFunding[]> {
  const ids = [...new Set(rows.flatMap((f) => [f.operatorId, ...(f.decidedBy ? [f.decidedBy] : [])]))];
  const names = new Map(
    (ids.length ? await db.select({ id: users.id, u: users.username }).from(users).where(inArray(users.id, ids)) : []).map(
      (r) => [r.id, r.u],
    ),
  );
  return rows.map((f) => ({
    id: f.id.toString(),
    kind: f.kind,
    status: f.status,
    amount: fmt(SMART_ASSET, f.amount),
    note: f.note,
    operatorId: f.operatorId.toString(),
    operatorName: names.get(f.operatorId) ?? '',
    evidence: evidenceOf(f),
    decidedBy: f.decidedBy?.toString() ?? null,
    decidedByName: f.decidedBy ? (names.get(f.decidedBy) ?? '') : null,
    decidedAt: f.decidedAt?.toISOString() ?? null,
    createdAt: f.createdAt.toISOString(),
  }));
}

/** The figures, the per-movement bound, and the movements: every proposed one, then the latest 50 others. */
export async function adminReserve(db: DbOrTx, fundingMax: string): Promise<AdminReserve> {
  const proposed = await db
    .select()
    .from(smartReserveFundings)
    .where(eq(smartReserveFundings.status, 'proposed'))
    .orderBy(smartReserveFundings.id)
    .limit(100);
  const decided = await db
    .select()
    .from(smartReserveFundings)
    .where(sql`${smartReserveFundings.status} <> 'proposed'`)
    .orderBy(desc(smartReserveFundings.id))
    .limit(50);
  return {
    ...(await reserveSummary(db)),
    fundingMax: new Decimal(fundingMax).toFixed(),
    fundings: await fundingViews(db, [...proposed, ...decided]),
  };
}
