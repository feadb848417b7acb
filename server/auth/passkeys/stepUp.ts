/**
 * A passkey as the second factor that opens an operator's review window (docs/security.md,
 * "Review window"): options listing the account's own passkeys, with a challenge of its own
 * (purpose `review`, tied to the account, once, 5 minutes), and the check of the answer: a
 * passkey of this account, its signature with user verification, and its counter moving on, as
 * at sign-in (passkeys.ts). Reads and checks before the one write (the counter).
 */
import { and, eq } from 'drizzle-orm';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { Err } from '../../../src/contract/errors.ts';
import type { PasskeyReviewWindowBody } from '../../../src/contract/reviewWindow.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { BizError } from '../../platform/http/errors.ts';
import { storeCounter, verifiedCounter } from './assertion.ts';
import { signedChallenge, storeChallenge, takeChallenge } from './challenges.ts';
import type { PasskeyDeps } from './passkeys.ts';
import { passkeys } from './schema.ts';

export async function hasPasskey(db: DbOrTx, userId: bigint): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

/** Options for `startAuthentication` offering only the account's passkeys (none: 10232). */
export async function reviewOptions(deps: PasskeyDeps, userId: bigint) {
  const own = await deps.db.select().from(passkeys).where(eq(passkeys.userId, userId));
  if (own.length === 0) throw new BizError(Err.PASSKEY_UNKNOWN);
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    userVerification: 'required',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await storeChallenge(deps.db, { challenge: options.challenge, purpose: 'review', userId }, deps.clock.now());
  return options;
}

/**
 * Checks the answer: the account's own challenge (10230), a passkey of this account (10232),
 * the signature (10231), the counter (10235, written only if still above the stored one).
 */
export async function verifyReviewPasskey(deps: PasskeyDeps, userId: bigint, body: PasskeyReviewWindowBody): Promise<void> {
  const { challenge } = await takeChallenge(
    deps.db,
    signedChallenge(body.response.response.clientDataJSON),
    'review',
    userId,
    deps.clock.now(),
  );
  const [pk] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, body.response.id), eq(passkeys.userId, userId)))
    .limit(1);
  if (!pk) throw new BizError(Err.PASSKEY_UNKNOWN);
  const next = await verifiedCounter(deps, pk, body.response, challenge, 'review step-up');
  await storeCounter(deps.db, pk, next, deps.clock.date());
}
