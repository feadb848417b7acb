/**
 * Password sign-in: which account the user named, the waits that slow down guessing, the
 * password check (rehashed when the parameters were raised) and the new session.
 */
import { eq } from 'drizzle-orm';
import { USERNAME_RE, type LoginBody, type LoginResult } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { BizError } from '../http/errors.ts';
import { toProfile, userByTarget, userByUsername, type UserRow } from './accounts.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { createSession, type Client } from './sessions.ts';
import { normaliseEmail, phoneTarget } from './targets.ts';
import { accountKey, clearFailures, ipKey, releaseAttempts, reserveAttempts } from './throttle.ts';

/** A phone number in full international form, as typed: "+44 7700 900123". */
const INTERNATIONAL_PHONE = /^\+[0-9 -]{5,20}$/;

/**
 * The account a sign-in names. An `@` makes it an e-mail; with an area code it is a national
 * phone number; a leading `+` makes it an international one; anything else is a username.
 * Undefined when no such account exists (or the text fits none of the kinds).
 */
export async function findAccount(db: DbOrTx, account: string, areaCode: string | undefined): Promise<UserRow | undefined> {
  if (account.includes('@')) return userByTarget(db, { kind: 'email', value: normaliseEmail(account) });
  if (areaCode !== undefined && areaCode !== '') return userByTarget(db, phoneTarget(account, areaCode));
  if (INTERNATIONAL_PHONE.test(account)) {
    return userByTarget(db, { kind: 'phone', value: `+${account.replace(/[^0-9]/g, '')}`, areaCode: '' });
  }
  if (USERNAME_RE.test(account)) return userByUsername(db, account);
  return undefined;
}

/** A new session for the user, as every way of signing in answers it. */
export async function openSession(db: DbOrTx, sessionTtlMs: number, user: UserRow, client: Client): Promise<LoginResult> {
  const token = await createSession(db, user.id, sessionTtlMs, client);
  return { token, user: toProfile(user) };
}

/**
 * Signs in with a password. An unknown account counts a failure against the client address; a
 * wrong password against the account and the address (throttle.ts). The account's status is
 * told only after the right password, so it reveals nothing to someone guessing.
 */
export async function signIn(db: Db, sessionTtlMs: number, body: LoginBody, client: Client): Promise<LoginResult> {
  const account = body.account.trim();
  if (!account) throw new BizError(Err.USERNAME_OR_EMAIL_REQUIRED);
  const ipK = ipKey(client.ip);
  // every attempt is counted before the password is checked (throttle.ts), so parallel
  // guesses cannot all be checked before the first failure is recorded
  await reserveAttempts(db, [ipK]);
  const user = await findAccount(db, account, body.areaCode);
  // an unknown account keeps its count against the address
  if (!user) throw new BizError(Err.USER_NOT_FOUND);
  const acctK = accountKey(user.id);
  try {
    await reserveAttempts(db, [acctK]);
  } catch (e) {
    // refused during the wait: the attempt does not count against the address either
    await releaseAttempts(db, [ipK]);
    throw e;
  }
  // a wrong password keeps both reservations: they are the failure
  if (!(await verifyPassword(user.passwordHash, body.password))) throw new BizError(Err.PASSWORD_WRONG);
  await releaseAttempts(db, [ipK]);
  await clearFailures(db, acctK);
  if (user.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
  // verifyPassword succeeded, so the hash exists; stronger parameters apply from now on
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await db.update(users).set({ passwordHash: await hashPassword(body.password) }).where(eq(users.id, user.id));
  }
  return openSession(db, sessionTtlMs, user, client);
}
