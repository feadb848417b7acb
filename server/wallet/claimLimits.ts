/**
 * How many deposit claims one customer may make: at most `depositPendingMax` waiting for review
 * (10085), and at most `depositClaimsPerHour` claims an hour (10031). Each claim stores an image
 * and takes an operator's time; without these one account wrote 30 claims of 2 MB in 0.6 s.
 */
import { and, count, eq } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { reserveInHourWindow } from '../platform/db/rateWindow.ts';
import { deposits } from './schema.ts';
import { users } from '../platform/identity/schema.ts';
import { BizError } from '../platform/http/errors.ts';

/**
 * Refuses when the user already has `max` pending claims. With `lock` (inside the claim's
 * transaction) the user's row is locked first, so parallel claims of one user take turns and
 * each counts the ones committed before it.
 */
export async function checkPendingClaims(db: DbOrTx, userId: bigint, max: number, opts: { lock?: boolean } = {}): Promise<void> {
  if (opts.lock) await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [{ n }] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'pending')));
  if (n >= max) throw new BizError(Err.TOO_MANY_PENDING_DEPOSITS, { limit: max });
}

export const claimKey = (userId: bigint) => `claim:${userId}`;

/**
 * Reserves one claim in the user's hourly window at `now` (the platform clock's ms), atomically
 * (db/rateWindow.ts), or refuses with 10031. The reservation stays even if the claim is then
 * refused: decoding the image is the work being limited.
 */
export async function reserveClaim(db: DbOrTx, userId: bigint, perHour: number, now: number): Promise<void> {
  if (!(await reserveInHourWindow(db, claimKey(userId), perHour, now))) throw new BizError(Err.TOO_MANY_REQUESTS);
}
