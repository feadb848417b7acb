/**
 * Four eyes on large amounts. A deposit or withdrawal is approved by two different operators when
 * what one operator would then have approved alone for that customer over the last 24 hours
 * (deposits and withdrawals together, valued in USDT at current prices) exceeds
 * `fourEyesAboveUsdt`: ten claims of 10,000 approved one by one count as 100,000 (issue 25 item 2).
 * The first approval is recorded (and audited) without moving money or changing the status; a
 * different operator's approval then completes it, and the same operator approving again is
 * refused (10081). A rejection needs one operator: stopping money is never the risk. A record
 * whose value is unknown (no current price) counts as large.
 *
 * The sum is read inside the approval's transaction after a transaction-scoped advisory lock on
 * (operator, customer): two parallel approvals by one operator for one customer take turns, and
 * the second sees the first once it committed, so neither slips under the threshold.
 */
import Decimal from 'decimal.js';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Asset } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { deposits, withdrawals } from './schema.ts';
import { BizError } from '../platform/http/errors.ts';
import type { WalletDeps } from './deps.ts';
import { valueInUsdt } from './valuation.ts';

/** The rolling window of one operator's approvals alone. */
export const FOUR_EYES_WINDOW_MS = 24 * 3600_000;

type Deps = Pick<WalletDeps, 'config' | 'market' | 'clock'>;

/** Sum in USDT of amounts per coin; null when one of them has no current value. */
function valued(deps: Deps, rows: Array<{ coin: string; amount: string | null }>): Decimal | null {
  let total = new Decimal(0);
  for (const r of rows) {
    if (r.amount === null) continue;
    const v = valueInUsdt(deps.market, r.coin as Asset, r.amount);
    if (v === null) return null;
    total = total.plus(v);
  }
  return total;
}

/**
 * What the operator approved alone (no first approver) for the customer since `since`: deposits
 * and withdrawals (the amount the customer asked for), valued in USDT now.
 */
export async function approvedAloneUsdt(
  deps: Deps,
  tx: DbOrTx,
  operatorId: bigint,
  userId: bigint,
  since: Date,
): Promise<Decimal | null> {
  const alone = (t: typeof deposits | typeof withdrawals) =>
    tx
      .select({ coin: t.coin, amount: sql<string | null>`sum(${t.amount})::text` })
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          eq(t.status, 'approved'),
          eq(t.reviewedBy, operatorId),
          isNull(t.firstApprovedBy),
          gt(t.reviewedAt, since),
        ),
      )
      .groupBy(t.coin);
  const dep = await alone(deposits);
  const wd = await alone(withdrawals);
  return valued(deps, [...dep, ...wd]);
}

/** Serialises one operator's approvals for one customer until the transaction ends. */
async function lockOperatorCustomer(tx: DbOrTx, operatorId: bigint, userId: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`four-eyes:${operatorId}:${userId}`}, 0))`);
}

/**
 * 'first' when this approval is the first of two (record it, move nothing); 'final' when it
 * completes the record. Refuses the first approver approving again (10081). Call inside the
 * approval's transaction, with the record's row locked.
 */
export async function approvalStep(
  deps: Deps,
  tx: DbOrTx,
  r: { userId: bigint; coin: string; amount: string; firstApprovedBy: bigint | null },
  operatorId: bigint,
): Promise<'first' | 'final'> {
  if (r.firstApprovedBy !== null) {
    if (r.firstApprovedBy === operatorId) throw new BizError(Err.SECOND_OPERATOR_REQUIRED);
    return 'final';
  }
  const value = valueInUsdt(deps.market, r.coin as Asset, r.amount);
  if (value === null) return 'first';
  await lockOperatorCustomer(tx, operatorId, r.userId);
  const before = await approvedAloneUsdt(deps, tx, operatorId, r.userId, new Date(deps.clock.now() - FOUR_EYES_WINDOW_MS));
  if (before === null) return 'first';
  return before.plus(value).gt(deps.config.fourEyesAboveUsdt) ? 'first' : 'final';
}
