/**
 * WebAuthn challenges, kept server-side until their first answer (docs/security.md, "Passkeys").
 * Each one works once: the answer deletes it in one statement (`DELETE … RETURNING`), so two
 * requests carrying the same signed answer cannot both use it. It is worthless after
 * CHALLENGE_TTL_MS on the platform clock. Expired ones are swept whenever a new one is made.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { Err } from '../../../src/contract/errors.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { webauthnChallenges } from './schema.ts';
import { BizError } from '../../platform/http/errors.ts';

/** How long the browser has to answer (the options' timeout is one minute; a slow user gets more). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = 'register' | 'login' | 'review';

export interface NewChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  /** the account registering a passkey or confirming a review window; null for a sign-in */
  userId: bigint | null;
  /** a registration's user handle, as the options gave it to the authenticator */
  userHandle?: string;
}

export async function storeChallenge(db: DbOrTx, c: NewChallenge, now: number): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(now)));
  await db
    .insert(webauthnChallenges)
    .values({ ...c, userHandle: c.userHandle ?? null, expiresAt: new Date(now + CHALLENGE_TTL_MS) });
}

/** The challenge the browser signed, read from its client data (10231 when that is not readable). */
export function signedChallenge(clientDataJSON: string): string {
  try {
    const c = decodeClientDataJSON(clientDataJSON).challenge;
    if (typeof c === 'string' && c.length > 0) return c;
  } catch {
    // not base64url JSON: not an authenticator's answer
  }
  throw new BizError(Err.PASSKEY_NOT_VERIFIED);
}

/**
 * Takes the challenge for good: it must exist for this purpose (and this user, for a
 * registration) and not be expired, else 10230. Whatever the verification then says, it is gone.
 */
export async function takeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
  userId: bigint | null,
  now: number,
): Promise<{ challenge: string; userHandle: string | null }> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, new Date(now)),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, userHandle: webauthnChallenges.userHandle });
  if (!row) throw new BizError(Err.PASSKEY_CHALLENGE_EXPIRED);
  return row;
}
