/**
 * The first half of a two-factor sign-in (challenge.ts has the second): apart so the password
 * sign-in (server/auth/signIn.ts) can issue a challenge without importing what opens sessions.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { CHALLENGE_MINUTES, type TwoFactorChallenge } from '../../../src/contract/twoFactor.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { twoFactorChallenges } from './schema.ts';
import { hashToken } from '../sessions.ts';
import { twoFactorOn } from './check.ts';

const TTL_MS = CHALLENGE_MINUTES * 60_000;

/** The challenge a right password gets when the account has two-factor sign-in on. */
export async function createChallenge(db: DbOrTx, userId: bigint, remember: boolean, nowMs: number): Promise<TwoFactorChallenge> {
  const token = randomBytes(32).toString('base64url');
  // the user's expired challenges go with each new one
  await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, new Date(nowMs))));
  await db
    .insert(twoFactorChallenges)
    .values({ tokenHash: hashToken(token), userId, remember, expiresAt: new Date(nowMs + TTL_MS) });
  return { twoFactorRequired: true, challenge: token, expiresInSeconds: TTL_MS / 1000 };
}

/** The challenge when the user has two-factor sign-in on; null when the password is enough. */
export async function challengeIfOn(
  db: DbOrTx,
  userId: bigint,
  remember: boolean,
  nowMs: number,
): Promise<TwoFactorChallenge | null> {
  return (await twoFactorOn(db, userId)) ? createChallenge(db, userId, remember, nowMs) : null;
}
