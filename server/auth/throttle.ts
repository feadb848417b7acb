import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { Err } from '../../src/contract/errors.ts';
import type { DbOrTx } from '../platform/db/client.ts';
import { loginFailures } from './schema.ts';
import { sqlTime } from '../platform/db/time.ts';
import { BizError } from '../platform/http/errors.ts';

/**
 * Slows down password guessing. Each attempt is reserved (counted) against the account and
 * against the client IP BEFORE the password is checked, in one atomic statement per key
 * (`INSERT ... ON CONFLICT DO UPDATE ... WHERE <not waiting> RETURNING`), so parallel requests
 * cannot all pass the check before any of them counts. Past a number of free failures, the
 * next attempt must wait BASE * 2^(extra failures) seconds (capped) after the last counted
 * attempt; attempts during the wait are refused with 10049 and do not count. A success gives
 * its reservation back and clears the account's counter; counters older than a day are
 * forgotten.
 *
 * Time is the platform clock's (`now`, ms, the request's `client.now`; docs/design.md "Time"):
 * the last attempt's time is written with it and the waits are measured against it. Parallel
 * requests read the clock in some order and write in another, so a request may find a last
 * attempt "in its future" (written by one that read the clock later): such a counter is as
 * recent as can be, the elapsed time counts as 0, never as negative.
 */
export const FREE_FAILURES = { acct: 5, ip: 20 } as const;
export const BASE_WAIT_SECONDS = 15;
export const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 24 * 3600;

export const accountKey = (userId: bigint) => `acct:${userId}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/**
 * The counter of a name no account has (normalised, e.g. "email:x@y.z"), counted like an
 * account's so the waits do not tell that it is unknown; stored as a hash, so the table holds
 * neither the typed text nor unbounded lengths.
 */
export const unknownAccountKey = (name: string) => `acct:?${createHash('sha256').update(name).digest('base64url').slice(0, 32)}`;

export function waitSeconds(kind: keyof typeof FREE_FAILURES, failures: number): number {
  const extra = failures - FREE_FAILURES[kind];
  if (extra < 0) return 0;
  return Math.min(MAX_WAIT_SECONDS, BASE_WAIT_SECONDS * 2 ** Math.min(extra, 20));
}

/** Refuses with 10049 {seconds} while any of the keys is in its waiting period at `now` (ms). */
export async function assertNotThrottled(db: DbOrTx, keys: string[], now: number): Promise<void> {
  if (keys.length === 0) return;
  const rows = await db
    .select({ key: loginFailures.key, failures: loginFailures.failures, lastAt: loginFailures.lastAt })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));
  let longest = 0;
  for (const r of rows) {
    // a last attempt in our future (see the top of this file) was just now
    const since = Math.max(0, (now - r.lastAt.getTime()) / 1000);
    if (since > FORGET_AFTER_SECONDS) continue;
    // accounts and known devices (devices.ts) share the account's numbers
    const kind = r.key.startsWith('ip:') ? 'ip' : 'acct';
    longest = Math.max(longest, Math.ceil(waitSeconds(kind, r.failures) - since));
  }
  if (longest > 0) throw new BizError(Err.LOGIN_THROTTLED, { seconds: longest });
}

/** The wait in seconds for a counter at `failures`, in SQL (mirrors waitSeconds). */
function waitSql(free: number) {
  return sql`CASE WHEN ${loginFailures.failures} < ${free} THEN 0
    ELSE LEAST(${MAX_WAIT_SECONDS}, ${BASE_WAIT_SECONDS} * power(2, LEAST(${loginFailures.failures} - ${free}, 20))) END`;
}

/**
 * Counts one attempt against `key` at `now` (ms) unless the key is in its waiting period;
 * atomic, so of any number of parallel attempts only the free ones get through. True when
 * reserved.
 */
export async function reserveAttempt(db: DbOrTx, key: string, now: number): Promise<boolean> {
  const free = key.startsWith('ip:') ? FREE_FAILURES.ip : FREE_FAILURES.acct;
  const at = sqlTime(now);
  const stale = sql`${loginFailures.lastAt} < ${at} - make_interval(secs => ${FORGET_AFTER_SECONDS})`;
  const rows = await db
    .insert(loginFailures)
    .values({ key, failures: 1, lastAt: new Date(now) })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        // a counter untouched for a day starts again
        failures: sql`CASE WHEN ${stale} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        // the latest of the attempts: one that read the clock earlier but writes later does not
        // move the last attempt back (which would shorten the wait)
        lastAt: sql`GREATEST(${loginFailures.lastAt}, ${at})`,
      },
      // failures below the free ones always pass; past them, a last attempt "in our future"
      // (written by a request that read the clock later) means the wait has just begun: its
      // elapsed time is negative here, below any wait, so it is refused
      setWhere: sql`${stale} OR ${loginFailures.failures} < ${free} OR extract(epoch from ${at} - ${loginFailures.lastAt}) >= ${waitSql(free)}`,
    })
    .returning({ failures: loginFailures.failures });
  return rows.length > 0;
}

/**
 * Reserves an attempt on every key at `now` (the platform clock's ms), in order; when one is
 * waiting, gives the others back and refuses with 10049 {seconds}.
 */
export async function reserveAttempts(db: DbOrTx, keys: string[], now: number): Promise<void> {
  const taken: string[] = [];
  for (const key of keys) {
    if (await reserveAttempt(db, key, now)) {
      taken.push(key);
      continue;
    }
    await releaseAttempts(db, taken);
    await assertNotThrottled(db, [key], now);
    // the wait was over by the second statement (a parallel success cleared the counter or gave
    // its attempt back): still refuse this attempt, it was not counted
    throw new BizError(Err.LOGIN_THROTTLED, { seconds: 1 });
  }
}

/** Gives reserved attempts back (the attempt turned out not to be a failure). */
export async function releaseAttempts(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(loginFailures)
    .set({ failures: sql`GREATEST(${loginFailures.failures} - 1, 0)` })
    .where(inArray(loginFailures.key, keys));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
