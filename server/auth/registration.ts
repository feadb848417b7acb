/**
 * Registration: is a name or address taken, verification codes for an address, and the new
 * account (every check that needs no write first, so bad input leaves no trace).
 */
import { VERIFY_CODE_TTL_MS } from '../../src/contract/constants.ts';
import {
  CODE_RESEND_SECONDS,
  USERNAME_RE,
  type CheckUserQuery,
  type LoginResult,
  type RegisterBody,
  type SendCodeBody,
  type SendCodeResult,
} from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db } from '../platform/db/client.ts';
import { reserveInHourWindow } from '../platform/db/rateWindow.ts';
import { BizError } from '../platform/http/errors.ts';
import { createUser, duplicateToBizError, userByInviteCode, userByTarget, userByUsername } from './accounts.ts';
import { checkCode, consumeCode, issueCode } from './codes.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { assertPasswordAllowed, hashPassword } from './passwords.ts';
import { openSession } from './signIn.ts';
import type { Client, SessionPolicy } from './sessions.ts';
import { maskTarget, targetOf } from './targets.ts';

/** Whether the username, or else the e-mail or phone, belongs to an account. */
export async function isRegistered(db: Db, q: CheckUserQuery): Promise<boolean> {
  if (q.username !== undefined && q.username !== '') {
    if (!USERNAME_RE.test(q.username)) throw new BizError(Err.USERNAME_INVALID);
    return Boolean(await userByUsername(db, q.username));
  }
  return Boolean(await userByTarget(db, targetOf(q)));
}

/**
 * Sends a code for registering (the address must be free) or for signing in and resetting (the
 * address must belong to an active account). Limits and cool-down: codes.ts.
 */
export async function sendCode(
  db: Db,
  mailer: Mailer,
  body: SendCodeBody,
  client: Pick<Client, 'ip' | 'language' | 'now'>,
  globalPerHour: number,
): Promise<SendCodeResult> {
  const target = targetOf(body);
  const existing = await userByTarget(db, target);
  if (body.purpose === 'register' && existing) throw new BizError(Err.EMAIL_OR_PHONE_EXISTS);
  if (body.purpose !== 'register' && !existing) throw new BizError(Err.USER_NOT_FOUND);
  if (existing && existing.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
  await issueCode(db, mailer, target, body.purpose, client, globalPerHour);
  return {
    sentTo: maskTarget(target),
    channel: target.kind === 'email' ? 'email' : 'sms',
    expiresInSeconds: VERIFY_CODE_TTL_MS / 1000,
    resendAfterSeconds: CODE_RESEND_SECONDS,
  };
}

const isSixDigits = (c: string) => /^[0-9]{6}$/.test(c.trim());

/** Invite-code look-ups one client address may make per hour at registration (enumeration). */
export const INVITE_CHECKS_PER_IP_PER_HOUR = 8;

/**
 * Creates the account (with the demo grant) and its first session, in the request's language.
 * Order of the checks (issue 25, enumeration): what needs no database (name shape, password
 * pair and rules, code shape), then the verification code, and only behind a right code whether
 * the invite code exists (itself limited per address) and whether the name or address is taken:
 * without the code of the address nothing tells whether a username, an address or an invite code
 * exists. The code's attempt is used up by the check; the code itself only by the account. The
 * unique indexes settle two registrations racing for one name.
 */
export async function register(
  db: Db,
  policy: SessionPolicy,
  words: readonly string[],
  b: RegisterBody,
  client: Client,
): Promise<LoginResult> {
  const username = b.username.trim();
  if (!USERNAME_RE.test(username)) throw new BizError(Err.USERNAME_INVALID);
  const target = targetOf(b);
  if (b.password !== b.confirmPassword) throw new BizError(Err.PASSWORDS_DIFFER);
  assertPasswordAllowed(b.password, { username, email: target.kind === 'email' ? target.value : null }, words);
  if (!isSixDigits(b.code)) throw new BizError(Err.VERIFY_CODE_WRONG);
  const codeId = await checkCode(db, target, 'register', b.code, client.now);
  let invitedBy: bigint | null = null;
  if (b.inviteCode !== undefined && b.inviteCode.trim() !== '') {
    if (!(await reserveInHourWindow(db, `invite:${client.ip}`, INVITE_CHECKS_PER_IP_PER_HOUR, client.now)))
      throw new BizError(Err.TOO_MANY_REQUESTS);
    const inviter = await userByInviteCode(db, b.inviteCode);
    if (!inviter) throw new BizError(Err.INVITE_CODE_INVALID);
    invitedBy = inviter.id;
  }
  if (await userByUsername(db, username)) throw new BizError(Err.USERNAME_EXISTS);
  if (await userByTarget(db, target)) throw new BizError(Err.EMAIL_OR_PHONE_EXISTS);
  const passwordHash = await hashPassword(b.password);
  const result = await db
    .transaction(async (tx) => {
      await consumeCode(tx, codeId, client.now);
      const user = await createUser(tx, {
        username,
        email: target.kind === 'email' ? target.value : null,
        phone: target.kind === 'phone' ? target.value : null,
        areaCode: target.kind === 'phone' ? target.areaCode : null,
        passwordHash,
        invitedBy,
        // mail to the account is written in the language it registered in, until the app says otherwise
        language: client.language,
      });
      return openSession(tx, policy, user, client);
    })
    .catch((e) => {
      throw duplicateToBizError(e);
    });
  client.log.info({ userId: result.user.id, via: target.kind }, 'user registered');
  return result;
}
