/**
 * Google (OpenID Connect) sign-in: the account of the Google identity, else the account whose
 * verified e-mail matches (Google is linked to it), else a new account with a free username.
 */
import { eq } from 'drizzle-orm';
import type { GoogleAuthUrlResult, LoginByGoogleBody } from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { userWritten } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { createUser, duplicateToBizError, userByGoogleSub, userByTarget, userByUsername, type UserRow } from './accounts.ts';
import type { Oidc, OidcIdentity } from './oidc.ts';
import { recordSecurityEvent } from './securityEvents.ts';
import type { Client, SessionPolicy } from './sessions.ts';
import { openSession } from './signIn.ts';
import type { LoginStepResult } from '../../src/contract/twoFactor.ts';
import { challengeIfOn } from './twofactor/issue.ts';

/** A free username for a Google account: the e-mail's local part, then with a suffix. */
export async function freeUsername(db: DbOrTx, seed: string): Promise<string> {
  let base = seed.replace(/[^A-Za-z0-9_]/g, '').slice(0, 14);
  if (base.length < 3) base = `user${base}`;
  if (!(await userByUsername(db, base))) return base;
  for (;;) {
    const candidate = `${base}_${Math.floor(Math.random() * 1e5)}`;
    if (!(await userByUsername(db, candidate))) return candidate;
  }
}

/** Without OIDC configured, Google sign-in is refused like a failed one (10048). */
function configured(oidc: Oidc | undefined): Oidc {
  if (!oidc) throw new BizError(Err.GOOGLE_LOGIN_FAILED);
  return oidc;
}

export async function googleAuthUrl(oidc: Oidc | undefined): Promise<GoogleAuthUrlResult> {
  return configured(oidc).authorizationUrl();
}

/** The account of this identity, linking or creating one; inside the caller's transaction. */
async function accountOf(tx: DbOrTx, id: OidcIdentity, client: Client): Promise<UserRow> {
  const email = id.email && id.emailVerified ? id.email.trim().toLowerCase() : undefined;
  const linked = await userByGoogleSub(tx, id.sub);
  if (linked) return linked;
  const sameEmail = email ? await userByTarget(tx, { kind: 'email', value: email }) : undefined;
  if (sameEmail) {
    // that account is already linked to another Google identity
    if (sameEmail.googleSub && sameEmail.googleSub !== id.sub) throw new BizError(Err.GOOGLE_LOGIN_FAILED);
    const [updated] = await tx.update(users).set({ googleSub: id.sub }).where(eq(users.id, sameEmail.id)).returning();
    await userWritten(tx, updated.id);
    // a new way into an existing account: its owner hears of it
    await recordSecurityEvent(tx, { userId: updated.id, event: 'google_linked' }, client);
    return updated;
  }
  return createUser(tx, {
    username: await freeUsername(tx, (id.email ?? id.name ?? 'user').split('@')[0]),
    email: email ?? null,
    passwordHash: null,
    googleSub: id.sub,
    language: client.language,
  });
}

/**
 * Redeems the callback's code (single-use state) and opens a session for the account; with
 * two-factor sign-in on, answers the code step's challenge instead (server/auth/twofactor).
 */
export async function googleSignIn(
  db: Db,
  oidc: Oidc | undefined,
  policy: SessionPolicy,
  body: LoginByGoogleBody,
  client: Client,
): Promise<LoginStepResult> {
  const id = await configured(oidc).redeem(body.code, body.state, body.iss);
  return db
    .transaction(async (tx) => {
      const user = await accountOf(tx, id, client);
      if (user.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
      const challenge = await challengeIfOn(tx, user.id, false, client.now);
      if (challenge) return challenge;
      return openSession(tx, policy, user, client, { method: 'google' });
    })
    .catch((e) => {
      throw duplicateToBizError(e);
    });
}
