/**
 * The one check of a second factor, for sign-in, step-up, disabling and renewals. Guessing is
 * throttled like the password (server/auth/throttle.ts): each try is reserved against the
 * account's two-factor counter (`2fa:<userId>`, the account's numbers: 5 free failures, then
 * growing waits) in one atomic statement BEFORE the code is compared, so of 40 parallel wrong
 * codes at most the free ones are compared. TOTP codes and recovery codes share the counter.
 * A code works once: the accepted time step is stored with a conditional UPDATE
 * (`last_step < step`), so a replay, even a parallel one, gets 10211.
 */
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Err } from '../../../src/contract/errors.ts';
import { RECOVERY_RE, TOTP_RE } from '../../../src/contract/twoFactor.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { totpCredentials } from './schema.ts';
import { BizError } from '../../platform/http/errors.ts';
import { clearFailures, reserveAttempts } from '../throttle.ts';
import { spendRecoveryCode } from './recovery.ts';
import { matchStep, openSecret, type SecretKeys } from './secret.ts';

export const twoFactorKey = (userId: bigint) => `2fa:${userId}`;

export type CredentialRow = typeof totpCredentials.$inferSelect;

/** The user's credential, enabled (or, with `pending`, waiting for its first code). */
export async function credentialOf(db: DbOrTx, userId: bigint, pending = false): Promise<CredentialRow | undefined> {
  const [row] = await db
    .select()
    .from(totpCredentials)
    .where(
      and(eq(totpCredentials.userId, userId), pending ? isNull(totpCredentials.enabledAt) : isNotNull(totpCredentials.enabledAt)),
    );
  return row;
}

export const twoFactorOn = async (db: DbOrTx, userId: bigint) => (await credentialOf(db, userId)) !== undefined;

/**
 * Accepts the TOTP code for the credential and records its step, once. Refuses 10211 (its step
 * or a later one was accepted before) or 10210 (no match).
 */
export async function acceptTotp(
  db: DbOrTx,
  keys: SecretKeys,
  cred: CredentialRow,
  code: string,
  nowMs: number,
): Promise<number> {
  const secret = openSecret(keys, cred.userId, cred.secretSealed);
  const step = await matchStep(secret, code, nowMs, cred.lastStep);
  if (step === null) {
    if (cred.lastStep !== null && (await matchStep(secret, code, nowMs)) !== null) throw new BizError(Err.TWO_FACTOR_CODE_USED);
    throw new BizError(Err.TWO_FACTOR_CODE_WRONG);
  }
  const moved = await db
    .update(totpCredentials)
    .set({ lastStep: step })
    .where(and(eq(totpCredentials.userId, cred.userId), or(isNull(totpCredentials.lastStep), lt(totpCredentials.lastStep, step))))
    .returning({ userId: totpCredentials.userId });
  // a parallel request with the same code (or a later one) moved it first
  if (moved.length === 0) throw new BizError(Err.TWO_FACTOR_CODE_USED);
  return step;
}

export interface FactorCheck {
  db: DbOrTx;
  keys: SecretKeys;
  userId: bigint;
  code: string;
  nowMs: number;
  /** a recovery code is accepted too (sign-in, disabling) */
  recovery: boolean;
  /** check against the credential waiting for its first code (enrolment) */
  pending?: boolean;
}

/**
 * Throttled check of a code (see the top of this file). Without a credential: 10215 (10216 for
 * an enrolment). Refusals keep the reservation (they are the failures); a success gives it back
 * and clears the counter.
 */
export async function checkSecondFactor(c: FactorCheck): Promise<void> {
  const cred = await credentialOf(c.db, c.userId, c.pending);
  if (!cred) throw new BizError(c.pending ? Err.TWO_FACTOR_NOT_STARTED : Err.TWO_FACTOR_NOT_ON);
  const key = twoFactorKey(c.userId);
  await reserveAttempts(c.db, [key], c.nowMs);
  const code = c.code.trim();
  if (TOTP_RE.test(code)) {
    await acceptTotp(c.db, c.keys, cred, code, c.nowMs);
  } else if (c.recovery && RECOVERY_RE.test(code)) {
    const spent = await spendRecoveryCode(c.db, c.userId, code);
    if (spent === 'used') throw new BizError(Err.TWO_FACTOR_CODE_USED);
    if (spent === 'wrong') throw new BizError(Err.TWO_FACTOR_CODE_WRONG);
  } else {
    throw new BizError(Err.TWO_FACTOR_CODE_WRONG);
  }
  // a right code is no failure: the counter starts again
  await clearFailures(c.db, key);
}
