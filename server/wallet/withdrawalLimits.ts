/**
 * Withdrawal limits by verification level (docs/wallet.md, "Withdrawal limits"). Per asset, the
 * withdrawals not rejected are summed in USDT at their value when asked for
 * (`withdrawals.value_usdt`): over the current UTC day and over the last 30 days, against the
 * limits of the user's level (identity verified or not; WITHDRAW_LIMIT_* in configuration).
 *
 * The sum is read inside the withdrawal's transaction after a transaction-scoped advisory lock on
 * the user, so parallel withdrawals take turns and each sees the ones before it: together they
 * cannot pass a limit that each alone would fit under (tests/server/wallet.limits.test.ts).
 */
import Decimal from 'decimal.js';
import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import { ASSETS, type Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import type { LimitLevel, WithdrawalLimits } from '../../src/contract/walletProtection.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { withdrawals } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import { utcText } from './allowlist.ts';
import type { WalletDeps } from './deps.ts';

export const DAY_MS = 86_400_000;
export const WINDOW_DAYS = 30;
const MONTH_MS = WINDOW_DAYS * DAY_MS;

type Deps = Pick<WalletDeps, 'config' | 'clock'>;

/** 00:00 UTC of the day `now` falls in: daily limits start over there. */
export const dayStart = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;

export const levelOf = (kycStatus: string): LimitLevel => (kycStatus === 'verified' ? 'verified' : 'basic');

async function levelOfUser(db: DbOrTx, userId: bigint): Promise<LimitLevel> {
  const [u] = await db.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId)).limit(1);
  return levelOf(u?.kyc ?? 'none');
}

/** The withdrawals of one asset that count, since `since`, oldest first (a rejection gave the money back: it does not count). */
async function counted(db: DbOrTx, userId: bigint, coin: Asset, since: number, excludeId?: bigint) {
  return db
    .select({ at: withdrawals.createdAt, value: sql<string>`coalesce(${withdrawals.valueUsdt}, 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.coin, coin),
        ne(withdrawals.status, 'rejected'),
        gte(withdrawals.createdAt, new Date(since)),
        ...(excludeId === undefined ? [] : [ne(withdrawals.id, excludeId)]),
      ),
    )
    .orderBy(asc(withdrawals.createdAt));
}

const sum = (rows: Array<{ value: string }>) => rows.reduce((s, r) => s.plus(r.value), new Decimal(0));
const usdt = (d: Decimal) => Decimal.max(d, 0).toFixed(6, Decimal.ROUND_DOWN);

/** What the withdrawal form shows: each asset's limits, used and left, in USDT. */
export async function withdrawalLimits(deps: Deps & Pick<WalletDeps, 'db'>, userId: bigint): Promise<WithdrawalLimits> {
  const now = deps.clock.now();
  const level = await levelOfUser(deps.db, userId);
  const limits = deps.config.withdrawLimits[level];
  const rows = [];
  for (const asset of ASSETS) {
    const month = await counted(deps.db, userId, asset, now - MONTH_MS);
    const dayUsed = sum(month.filter((r) => r.at.getTime() >= dayStart(now)));
    const monthUsed = sum(month);
    rows.push({
      asset,
      dayLimit: usdt(new Decimal(limits.day)),
      dayUsed: usdt(dayUsed),
      dayLeft: usdt(new Decimal(limits.day).minus(dayUsed)),
      monthLimit: usdt(new Decimal(limits.month)),
      monthUsed: usdt(monthUsed),
      monthLeft: usdt(new Decimal(limits.month).minus(monthUsed)),
    });
  }
  return { level, dayResetsAt: new Date(dayStart(now) + DAY_MS).toISOString(), rows };
}

/** Serialises one user's withdrawals until the transaction ends. */
export async function lockUserWithdrawals(tx: DbOrTx, userId: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`withdraw-limits:${userId}`}, 0))`);
}

/**
 * Refuses a withdrawal worth `value` USDT (null: no current price, 10047) that would pass the
 * asset's daily limit (10240, naming the next 00:00 UTC) or its 30-day limit (10241, naming when
 * enough of the window's withdrawals have aged out). Call inside the withdrawal's transaction
 * after lockUserWithdrawals; `excludeId` is the withdrawal being made.
 */
export async function assertWithinLimits(
  tx: DbOrTx,
  deps: Deps,
  userId: bigint,
  coin: Asset,
  value: string | null,
  excludeId: bigint,
): Promise<void> {
  if (value === null) throw new BizError(Err.PRICE_UNAVAILABLE);
  const now = deps.clock.now();
  const limits = deps.config.withdrawLimits[await levelOfUser(tx, userId)];
  const month = await counted(tx, userId, coin, now - MONTH_MS, excludeId);
  const dayUsed = sum(month.filter((r) => r.at.getTime() >= dayStart(now)));
  if (dayUsed.plus(value).gt(limits.day)) {
    throw new BizError(Err.WITHDRAWAL_DAY_LIMIT, {
      coin,
      limit: limits.day,
      remaining: usdt(new Decimal(limits.day).minus(dayUsed)),
      at: utcText(dayStart(now) + DAY_MS),
    });
  }
  const monthUsed = sum(month);
  if (monthUsed.plus(value).gt(limits.month)) {
    // the window slides: enough is free once the oldest withdrawals have left it
    let left = monthUsed;
    let at = now + MONTH_MS;
    for (const r of month) {
      left = left.minus(r.value);
      if (left.plus(value).lte(limits.month)) {
        at = r.at.getTime() + MONTH_MS;
        break;
      }
    }
    throw new BizError(Err.WITHDRAWAL_30D_LIMIT, {
      coin,
      limit: limits.month,
      remaining: usdt(new Decimal(limits.month).minus(monthUsed)),
      at: utcText(at),
    });
  }
}
