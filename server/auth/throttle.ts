import { eq, inArray, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';

/**
 * Slows down password guessing. Each failed login counts against the account and against
 * the client IP. Past a number of free failures, the next attempt must wait
 * BASE * 2^(extra failures) seconds (capped) after the last failure; attempts during the
 * wait are refused with 10049 and do not count. A success clears the account's counter;
 * counters older than a day are forgotten.
 */
export const FREE_FAILURES = { acct: 5, ip: 20 } as const;
export const BASE_WAIT_SECONDS = 15;
export const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 24 * 3600;

export const accountKey = (userId: bigint) => `acct:${userId}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export function waitSeconds(kind: keyof typeof FREE_FAILURES, failures: number): number {
  const extra = failures - FREE_FAILURES[kind];
  if (extra < 0) return 0;
  return Math.min(MAX_WAIT_SECONDS, BASE_WAIT_SECONDS * 2 ** Math.min(extra, 20));
}

/** Refuses with 10049 {seconds} while any of the keys is in its waiting period. */
export async function assertNotThrottled(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const rows = await db
    .select({ key: loginFailures.key, failures: loginFailures.failures, since: sql<string>`extract(epoch from now() - ${loginFailures.lastAt})` })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));
  let longest = 0;
  for (const r of rows) {
    const since = Number(r.since);
    if (since > FORGET_AFTER_SECONDS) continue;
    const kind = r.key.startsWith('ip:') ? 'ip' : 'acct';
    longest = Math.max(longest, Math.ceil(waitSeconds(kind, r.failures) - since));
  }
  if (longest > 0) throw new BizError(Err.LOGIN_THROTTLED, { seconds: longest });
}

export async function recordFailure(db: DbOrTx, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.insert(loginFailures).values({ key, failures: 1 }).onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        // a counter untouched for a day starts again
        failures: sql`CASE WHEN ${loginFailures.lastAt} < now() - make_interval(secs => ${FORGET_AFTER_SECONDS}) THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        lastAt: sql`now()`,
      },
    });
  }
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
