/**
 * Passkeys (WebAuthn, docs/security.md "Passkeys") with @simplewebauthn/server: a signed-in user
 * registers one (a discoverable credential, user verification required), lists and removes them;
 * anyone signs in with one without typing a name or a password: the passkey names the account.
 *
 * Rules: every challenge works once and for 5 minutes (passkeyChallenges.ts); the relying party
 * id and origin come from configuration (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN); the signature counter
 * must grow on each use unless the authenticator keeps it at 0 (synced passkeys do), and the new
 * value is written only if it is still above the stored one, so two answers racing with one
 * counter value cannot both sign in (10235).
 */
import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { LoginResult } from '../../../src/contract/auth.ts';
import { Err } from '../../../src/contract/errors.ts';
import { PASSKEYS_MAX, type Passkey, type PasskeyRegisterBody, type PasskeySignInBody } from '../../../src/contract/passkeys.ts';
import type { Config } from '../../platform/config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { passkeys } from './schema.ts';
import { users } from '../../platform/identity/schema.ts';
import { BizError } from '../../platform/http/errors.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { publishUserEvent } from '../../platform/realtime/notify.ts';
import type { Clock } from '../../platform/clock.ts';
import { userById } from '../accounts.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { storeCounter, verifiedCounter } from './assertion.ts';
import { signedChallenge, storeChallenge, takeChallenge } from './challenges.ts';
import { mailPasskeyChange, recordPasskeyEvent } from './events.ts';
import type { Client, SessionPolicy } from '../sessions.ts';
import { openSession } from '../signIn.ts';
import { securityKind } from '../securityEvents.ts';

export interface PasskeyDeps {
  db: Db;
  config: Pick<Config, 'webauthn' | 'sessionTtlMs' | 'sessionIdleMs' | 'sessionRememberMs'>;
  clock: Clock;
  bus: Bus;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

type PasskeyRow = typeof passkeys.$inferSelect;

const view = (r: PasskeyRow): Passkey => ({
  id: r.id.toString(),
  name: r.name,
  deviceType: r.deviceType,
  backedUp: r.backedUp,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
});

const policyOf = (c: PasskeyDeps['config']): SessionPolicy => ({
  sessionTtlMs: c.sessionTtlMs,
  sessionIdleMs: c.sessionIdleMs,
  sessionRememberMs: c.sessionRememberMs,
});

/** The unique index on credential ids refused the insert (the pg error, or drizzle's wrapper of it). */
function credentialTaken(e: unknown): boolean {
  type PgError = { code?: string; constraint?: string; message?: string };
  const err = e as (PgError & { cause?: PgError }) | undefined;
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  return c !== undefined && (c.constraint === 'passkeys_credential_id' || String(c.message).includes('passkeys_credential_id'));
}

async function passkeysOf(db: DbOrTx, userId: bigint): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.id);
}

export async function listPasskeys(db: DbOrTx, userId: bigint): Promise<Passkey[]> {
  return (await passkeysOf(db, userId)).map(view);
}

/**
 * Options for `startRegistration`: a discoverable credential (so sign-in needs no name) with user
 * verification, none of the account's passkeys again (excludeCredentials), and the account's one
 * user handle (random, kept with its passkeys), so an authenticator keeps one entry per account.
 */
export async function registrationOptions(deps: PasskeyDeps, userId: bigint) {
  const user = await userById(deps.db, userId);
  if (!user) throw new BizError(Err.LOGIN_REQUIRED);
  const existing = await passkeysOf(deps.db, userId);
  if (existing.length >= PASSKEYS_MAX) throw new BizError(Err.PASSKEY_LIMIT, { limit: PASSKEYS_MAX });
  const handle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(crypto.randomBytes(32));
  const options = await generateRegistrationOptions({
    rpName: deps.config.webauthn.rpName,
    rpID: deps.config.webauthn.rpId,
    userName: user.username,
    userDisplayName: user.username,
    userID: isoBase64URL.toBuffer(handle),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(
    deps.db,
    { challenge: options.challenge, purpose: 'register', userId, userHandle: handle },
    deps.clock.now(),
  );
  return options;
}

/**
 * Verifies the authenticator's answer to the account's own challenge and keeps the passkey.
 * Checks before writing: the challenge (10230), the verification (10231), the count (10233,
 * again under the user's row lock so parallel registrations count each other) and the
 * credential id (10234, the unique index deciding a race).
 */
export async function registerPasskey(
  deps: PasskeyDeps,
  userId: bigint,
  body: PasskeyRegisterBody,
  client: Client,
): Promise<Passkey> {
  const { webauthn } = deps.config;
  const { challenge, userHandle } = await takeChallenge(
    deps.db,
    signedChallenge(body.response.response.clientDataJSON),
    'register',
    userId,
    deps.clock.now(),
  );
  const result = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge,
    expectedOrigin: webauthn.origin,
    expectedRPID: webauthn.rpId,
    requireUserVerification: true,
  }).catch((err: unknown) => {
    deps.log.info({ err }, 'passkey registration not verified');
    return { verified: false as const };
  });
  if (!result.verified) throw new BizError(Err.PASSKEY_NOT_VERIFIED);
  const info = result.registrationInfo;
  const user = await userById(deps.db, userId);
  if (!user) throw new BizError(Err.LOGIN_REQUIRED);
  const name = body.name?.trim() || `Passkey ${info.credential.id.slice(0, 6)}`;
  const { row, event } = await deps.db
    .transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      if (Number(n) >= PASSKEYS_MAX) throw new BizError(Err.PASSKEY_LIMIT, { limit: PASSKEYS_MAX });
      const [ins] = await tx
        .insert(passkeys)
        .values({
          userId,
          credentialId: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          // the handle the options gave the authenticator: the account's, the same for all its passkeys
          userHandle: userHandle ?? isoBase64URL.fromBuffer(crypto.randomBytes(32)),
          transports: info.credential.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name,
          createdAt: deps.clock.date(),
        })
        .returning();
      const ev = await recordPasskeyEvent(tx, userId, 'passkey_added', { name, ip: client.ip, userAgent: client.userAgent });
      return { row: ins, event: ev };
    })
    .catch((e: unknown) => {
      throw credentialTaken(e) ? new BizError(Err.PASSKEY_ALREADY_REGISTERED) : e;
    });
  await publishUserEvent(deps.bus, userId, event).catch((err) => client.log.warn({ err }, 'security event not published'));
  await mailPasskeyChange(deps.mailer, user, 'passkey_added', name, client);
  return view(row);
}

/** Removes one of the user's passkeys at once (another user's, or an unknown one: 10043). */
export async function removePasskey(deps: PasskeyDeps, userId: bigint, id: bigint, client: Client): Promise<void> {
  const user = await userById(deps.db, userId);
  if (!user) throw new BizError(Err.LOGIN_REQUIRED);
  const { row, event } = await deps.db.transaction(async (tx) => {
    const [del] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    if (!del) throw new BizError(Err.RECORD_NOT_FOUND);
    const ev = await recordPasskeyEvent(tx, userId, 'passkey_removed', {
      name: del.name,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { row: del, event: ev };
  });
  await publishUserEvent(deps.bus, userId, event).catch((err) => client.log.warn({ err }, 'security event not published'));
  await mailPasskeyChange(deps.mailer, user, 'passkey_removed', row.name, client);
}

/** Options for `startAuthentication`: no credentials listed, so the authenticator offers the passkeys it holds for this site. */
export async function signInOptions(deps: PasskeyDeps) {
  const options = await generateAuthenticationOptions({ rpID: deps.config.webauthn.rpId, userVerification: 'required' });
  await storeChallenge(deps.db, { challenge: options.challenge, purpose: 'login', userId: null }, deps.clock.now());
  return options;
}

/**
 * Signs in with a passkey: the challenge (10230), the credential (10232), the account (10005),
 * the signature with user verification, origin and relying party (10231), then the counter
 * (10235), written in the same transaction as the session.
 */
export async function signInWithPasskey(deps: PasskeyDeps, body: PasskeySignInBody, client: Client): Promise<LoginResult> {
  const { challenge } = await takeChallenge(
    deps.db,
    signedChallenge(body.response.response.clientDataJSON),
    'login',
    null,
    deps.clock.now(),
  );
  const [pk] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, body.response.id)).limit(1);
  if (!pk) throw new BizError(Err.PASSKEY_UNKNOWN);
  const user = await userById(deps.db, pk.userId);
  if (!user) throw new BizError(Err.PASSKEY_UNKNOWN);
  if (body.response.response.userHandle !== undefined && body.response.response.userHandle !== pk.userHandle)
    throw new BizError(Err.PASSKEY_NOT_VERIFIED);
  const next = await verifiedCounter(deps, pk, body.response, challenge, 'sign-in');
  if (user.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
  const login = await deps.db.transaction(async (tx) => {
    // still above what is stored now: of two answers with one counter value, one signs in
    await storeCounter(tx, pk, next, deps.clock.date());
    return openSession(tx, policyOf(deps.config), user, client, { remember: body.remember, method: 'passkey' });
  });
  await publishUserEvent(deps.bus, user.id, {
    kind: securityKind('login'),
    params: {},
    refType: 'user',
    refId: String(user.id),
  }).catch((err) => client.log.warn({ err }, 'security event not published'));
  return login;
}
