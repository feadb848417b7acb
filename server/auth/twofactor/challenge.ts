/**
 * The second step of a sign-in. With two-factor sign-in on, a right password gives a challenge
 * (a random token, stored as its SHA-256, CHALLENGE_MINUTES on the platform clock), never a
 * session; POST login/loginTwoFactor with the challenge and a code (or a recovery code) opens the
 * session. The code is checked by check.ts (throttled, single use); the challenge is deleted by
 * the success that uses it, so it opens one session at most.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { LoginResult } from '../../../src/contract/auth.ts';
import { Err } from '../../../src/contract/errors.ts';
import { CHALLENGE_MINUTES, type LoginTwoFactorBody } from '../../../src/contract/twoFactor.ts';
import type { Db } from '../../platform/db/client.ts';
import { twoFactorChallenges } from './schema.ts';
import { BizError } from '../../platform/http/errors.ts';
import { userById } from '../accounts.ts';
import { rememberDevice } from '../devices.ts';
import { hashToken, type Client, type SessionPolicy } from '../sessions.ts';
import { openSession } from '../signIn.ts';
import { checkSecondFactor } from './check.ts';
import type { SecretKeys } from './secret.ts';

/** The second step: a right code turns the challenge into a session (and leaves the device cookie). */
export async function completeChallenge(
  db: Db,
  keys: SecretKeys,
  policy: SessionPolicy,
  body: LoginTwoFactorBody,
  client: Client,
): Promise<LoginResult> {
  const hash = hashToken(body.challenge);
  const now = new Date(client.now);
  const [ch] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, hash), gt(twoFactorChallenges.expiresAt, now)));
  if (!ch) throw new BizError(Err.TWO_FACTOR_CHALLENGE_EXPIRED, { minutes: CHALLENGE_MINUTES });
  await checkSecondFactor({ db, keys, userId: ch.userId, code: body.code, nowMs: client.now, recovery: true });
  const user = await userById(db, ch.userId);
  if (!user) throw new BizError(Err.TWO_FACTOR_CHALLENGE_EXPIRED, { minutes: CHALLENGE_MINUTES });
  if (user.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
  const result = await db.transaction(async (tx) => {
    const used = await tx
      .delete(twoFactorChallenges)
      .where(eq(twoFactorChallenges.tokenHash, hash))
      .returning({ userId: twoFactorChallenges.userId });
    if (used.length === 0) throw new BizError(Err.TWO_FACTOR_CHALLENGE_EXPIRED, { minutes: CHALLENGE_MINUTES });
    return openSession(tx, policy, user, client, { remember: ch.remember, method: 'password' });
  });
  client.setDeviceToken?.(await rememberDevice(db, user.id, client.deviceToken, client.now));
  return result;
}
