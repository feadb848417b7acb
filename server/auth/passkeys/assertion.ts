/**
 * The check every passkey answer goes through, for signing in and for an operator's review
 * window alike: the signature with user verification, origin and relying party (10231), then the
 * counter (10235). The counter is compared after the signature is known to be good, and written
 * only if it is still above the stored one, so two answers racing with one value cannot both pass.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { Err } from '../../../src/contract/errors.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { BizError } from '../../platform/http/errors.ts';
import { passkeys } from './schema.ts';

type PasskeyRow = typeof passkeys.$inferSelect;
type Answer = Parameters<typeof verifyAuthenticationResponse>[0]['response'];

/** The signature and the counter's growth; returns the counter to store (see `storeCounter`). */
export async function verifiedCounter(
  deps: { config: Pick<Config, 'webauthn'>; log: FastifyBaseLogger },
  pk: PasskeyRow,
  response: Answer,
  challenge: string,
  purpose: string,
): Promise<number> {
  const { webauthn } = deps.config;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: webauthn.origin,
    expectedRPID: webauthn.rpId,
    credential: { id: pk.credentialId, publicKey: isoBase64URL.toBuffer(pk.publicKey), counter: 0, transports: pk.transports },
    requireUserVerification: true,
  }).catch((err: unknown) => {
    deps.log.info({ err }, `passkey ${purpose} not verified`);
    return undefined;
  });
  if (!result?.verified) throw new BizError(Err.PASSKEY_NOT_VERIFIED);
  const next = result.authenticationInfo.newCounter;
  if ((next > 0 || pk.counter > 0) && next <= pk.counter) throw new BizError(Err.PASSKEY_COUNTER_REPLAYED);
  return next;
}

/** Writes the counter if it is still above the stored one (an authenticator that keeps 0 stays at 0). */
export async function storeCounter(db: DbOrTx, pk: PasskeyRow, next: number, now: Date): Promise<void> {
  const [moved] = await db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, pk.id),
        or(gt(sql`${next}::bigint`, passkeys.counter), and(eq(passkeys.counter, 0), sql`${next}::bigint = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  if (!moved) throw new BizError(Err.PASSKEY_COUNTER_REPLAYED);
}
