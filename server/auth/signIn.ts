/**
 * Password sign-in: which account the user named, the waits that slow down guessing, the
 * password check (rehashed when the parameters were raised) and the new session.
 */
import { eq } from 'drizzle-orm';
import { USERNAME_RE, type LoginBody, type LoginResult } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { userWrite, userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { toProfile, userByTarget, userByUsername, type UserRow } from './accounts.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { recordSecurityEvent, type SignInMethod } from './securityEvents.ts';
import { createSession, type Client, type SessionPolicy } from './sessions.ts';
import { normaliseEmail, phoneTarget, type Target } from './targets.ts';
import { deviceKey, isKnownDevice, rememberDevice } from './devices.ts';
import { accountKey, clearFailures, ipKey, releaseAttempts, reserveAttempts, unknownAccountKey } from './throttle.ts';
import type { LoginStepResult } from '../../src/contract/twoFactor.ts';
import { challengeIfOn } from './twofactor/issue.ts';

/** A phone number in full international form, as typed: "+44 7700 900123". */
const INTERNATIONAL_PHONE = /^\+[0-9 -]{5,20}$/;

/** What a sign-in's text names, normalised: an e-mail, a phone number, a username, or nothing. */
type AccountName = Target | { kind: 'username'; value: string } | { kind: 'none'; value: string };

/**
 * What the typed text names. An `@` makes it an e-mail; with an area code it is a national
 * phone number; a leading `+` makes it an international one; anything else is a username.
 */
function accountName(account: string, areaCode: string | undefined): AccountName {
  if (account.includes('@')) return { kind: 'email', value: normaliseEmail(account) };
  if (areaCode !== undefined && areaCode !== '') return phoneTarget(account, areaCode);
  if (INTERNATIONAL_PHONE.test(account)) return { kind: 'phone', value: `+${account.replace(/[^0-9]/g, '')}`, areaCode: '' };
  if (USERNAME_RE.test(account)) return { kind: 'username', value: account.toLowerCase() };
  return { kind: 'none', value: account.toLowerCase() };
}

async function accountNamed(db: DbOrTx, name: AccountName): Promise<UserRow | undefined> {
  if (name.kind === 'username') return userByUsername(db, name.value);
  if (name.kind === 'none') return undefined;
  return userByTarget(db, name);
}

/**
 * The account a sign-in names (see accountName). Undefined when no such account exists (or the
 * text fits none of the kinds).
 */
export async function findAccount(db: DbOrTx, account: string, areaCode: string | undefined): Promise<UserRow | undefined> {
  return accountNamed(db, accountName(account, areaCode));
}

/**
 * A new session for the user, as every way of signing in answers it. A sign-in (`method`) is a
 * security event: an audit line and a notification in the same transaction (securityEvents.ts).
 * The language the app shows at sign-in becomes the account's: a switch made while signed out
 * reaches the mail too (a switch while signed in is sent by the app, POST user/language).
 */
export async function openSession(
  db: DbOrTx,
  policy: SessionPolicy,
  user: UserRow,
  client: Client,
  opts: { remember?: boolean; method?: SignInMethod } = {},
): Promise<LoginResult> {
  const token = await createSession(db, user.id, policy, { ...client, remember: opts.remember });
  if (client.appLanguage && client.appLanguage !== user.language) {
    await db.update(users).set({ language: client.appLanguage }).where(eq(users.id, user.id));
    await userWritten(db, user.id);
  }
  if (opts.method) await recordSecurityEvent(db, { userId: user.id, event: 'login', method: opts.method }, client);
  return { token, user: toProfile(user) };
}

/**
 * Signs in with a password. An unknown account and a wrong password get one answer (10004) after
 * the same work: the attempt is reserved against the address and against the account (for an
 * unknown one, against the name as typed, normalised: throttle.ts `unknownAccountKey`), and a
 * password is verified (for an unknown account, against a dummy hash), so neither the code, the
 * time nor the waits (10049) tell whether an account exists. The account's status is told only
 * after the right password.
 *
 * From a device that signed in to this account before (its device cookie, devices.ts) the
 * attempt is reserved against that device only: guesses from elsewhere, which fill the
 * account's and the address's counters, do not lock the owner out, and guesses through a stolen
 * cookie are throttled on the cookie (issue 25). A right password leaves the device's cookie.
 * With two-factor sign-in on, a right password answers a challenge instead of a session; the
 * code step (server/auth/twofactor/challenge.ts) opens the session and leaves the cookie.
 */
export async function signIn(db: Db, policy: SessionPolicy, body: LoginBody, client: Client): Promise<LoginStepResult> {
  const account = body.account.trim();
  if (!account) throw new BizError(Err.USERNAME_OR_EMAIL_REQUIRED);
  const name = accountName(account, body.areaCode);
  const user = await accountNamed(db, name);
  const known = user !== undefined && (await isKnownDevice(db, user.id, client.deviceToken, client.now));
  const acctK = user ? accountKey(user.id) : unknownAccountKey(`${name.kind}:${name.value}`);
  // every attempt is counted before the password is checked (throttle.ts), so parallel
  // guesses cannot all be checked before the first failure is recorded; refused during a wait,
  // the keys reserved before it are given back
  const keys = known ? [deviceKey(client.deviceToken!)] : [ipKey(client.ip), acctK];
  await reserveAttempts(db, keys, client.now);
  // a wrong password (or an unknown account) keeps the reservations: they are the failure
  const right = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !right) throw new BizError(Err.PASSWORD_WRONG);
  if (known) {
    await clearFailures(db, keys[0]);
  } else {
    await releaseAttempts(db, [keys[0]]);
    await clearFailures(db, acctK);
  }
  if (user.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
  // verifyPassword succeeded, so the hash exists; stronger parameters apply from now on
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(body.password);
    await userWrite(db, [user.id], () => db.update(users).set({ passwordHash }).where(eq(users.id, user.id)));
  }
  // two-factor sign-in on: the password opens no session, only the code step (server/auth/twofactor)
  const challenge = await challengeIfOn(db, user.id, body.remember ?? false, client.now);
  if (challenge) return challenge;
  const result = await db.transaction((tx) =>
    openSession(tx, policy, user, client, { remember: body.remember, method: 'password' }),
  );
  client.setDeviceToken?.(await rememberDevice(db, user.id, client.deviceToken, client.now));
  return result;
}
