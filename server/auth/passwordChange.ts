/**
 * A new password, two ways: a signed-in user changes it by proving the old one (their other
 * sessions end), or anyone resets it with a code sent to the account's address (every session
 * ends, and the guessing waits of the account are lifted).
 */
import { eq } from 'drizzle-orm';
import { passwordStrongEnough, type RepasswordBody } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { userById, userByTarget } from './accounts.ts';
import { checkCode, consumeCode } from './codes.ts';
import { assertPasswordAllowed, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { recordSecurityEvent, type SecurityEvent } from './securityEvents.ts';
import { revokeOtherSessions, type Client, type SessionUser } from './sessions.ts';
import { targetOf } from './targets.ts';
import { accountKey, clearFailures, ipKey, releaseAttempts, reserveAttempts } from './throttle.ts';
import { forgetDevices } from './devices.ts';

function checkNewPassword(b: RepasswordBody): void {
  if (b.password !== b.confirmPassword) throw new BizError(Err.PASSWORDS_DIFFER);
  if (!passwordStrongEnough(b.password)) throw new BizError(Err.PASSWORD_TOO_WEAK);
  if (isCommonPassword(b.password)) throw new BizError(Err.PASSWORD_COMMON);
}

/** The signed-in user proves the old password; the other sessions end, this one stays. */
/** What a password change hands back for after the commit: the event to publish and whom to mail. */
export interface CredentialChange {
  event: Awaited<ReturnType<typeof recordSecurityEvent>>;
  kind: SecurityEvent;
  user: { email: string | null; phone: string | null; language: string };
}

async function changePassword(
  db: Db,
  words: readonly string[],
  b: RepasswordBody & { oldPassword: string },
  session: SessionUser | undefined,
  client: Client,
): Promise<CredentialChange> {
  if (b.code !== undefined || b.email !== undefined || b.phone !== undefined) {
    throw new BizError(Err.MALFORMED_REQUEST, { detail: 'give oldPassword (change) or a code (reset), not both' });
  }
  const user = session && (await userById(db, session.id));
  if (!session || !user) throw new BizError(Err.LOGIN_REQUIRED);
  assertPasswordAllowed(b.password, user, words);
  const keys = [accountKey(user.id), ipKey(client.ip)];
  // counted before the check (throttle.ts); a wrong old password keeps the count
  await reserveAttempts(db, keys, client.now);
  if (!(await verifyPassword(user.passwordHash, b.oldPassword))) throw new BizError(Err.PASSWORD_WRONG);
  await releaseAttempts(db, keys);
  const passwordHash = await hashPassword(b.password);
  const event = await db.transaction(async (tx) => {
    // credentialsChangedAt starts the withdrawal hold (server/wallet/withdrawals.ts)
    await tx
      .update(users)
      .set({ passwordHash, credentialsChangedAt: new Date(client.now) })
      .where(eq(users.id, user.id));
    await userWritten(tx, user.id);
    await revokeOtherSessions(tx, user.id, session.sessionId);
    return recordSecurityEvent(tx, { userId: user.id, event: 'password_changed' }, client);
  });
  client.log.info({ userId: String(user.id) }, 'password changed');
  return { event, kind: 'password_changed', user };
}

/** A code sent to the account's e-mail or phone (purpose "reset") proves ownership. */
async function resetPassword(db: Db, words: readonly string[], b: RepasswordBody, client: Client): Promise<CredentialChange> {
  const target = targetOf(b);
  if (b.code === undefined || !/^[0-9]{6}$/.test(b.code.trim())) throw new BizError(Err.VERIFY_CODE_WRONG);
  const user = await userByTarget(db, target);
  if (!user) throw new BizError(Err.USER_NOT_FOUND);
  if (user.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
  const codeId = await checkCode(db, target, 'reset', b.code, client.now);
  // only after the code: before it, the refusal would tell a stranger about the account's username
  assertPasswordAllowed(b.password, user, words);
  const passwordHash = await hashPassword(b.password);
  const event = await db.transaction(async (tx) => {
    await consumeCode(tx, codeId, client.now);
    await tx
      .update(users)
      .set({ passwordHash, credentialsChangedAt: new Date(client.now) })
      .where(eq(users.id, user.id));
    await userWritten(tx, user.id);
    await revokeOtherSessions(tx, user.id);
    // whoever was locked out by guessing has now proved ownership of the address
    await clearFailures(tx, accountKey(user.id));
    // and whoever's devices were trusted before the reset are not any more (a taken-over
    // account's attacker loses the device privilege with the password)
    await forgetDevices(tx, [user.id]);
    return recordSecurityEvent(tx, { userId: user.id, event: 'password_reset' }, client);
  });
  client.log.info({ userId: String(user.id) }, 'password reset');
  return { event, kind: 'password_reset', user };
}

/** `oldPassword` tells the two forms apart (src/contract/auth.ts, RepasswordBody). */
export async function newPassword(
  db: Db,
  words: readonly string[],
  b: RepasswordBody,
  session: SessionUser | undefined,
  client: Client,
): Promise<CredentialChange> {
  checkNewPassword(b);
  if (b.oldPassword !== undefined) return changePassword(db, words, { ...b, oldPassword: b.oldPassword }, session, client);
  return resetPassword(db, words, b, client);
}
