/**
 * Two-factor sign-in and the anti-phishing phrase (`app.twoFactor`): enrolment (a secret and its
 * QR code, confirmed by a first code, then ten recovery codes shown once), the second step of a
 * sign-in, disabling (the password AND a code or a recovery code), new recovery codes (a code),
 * and the phrase. The rules live in the modules it calls; docs/security.md, "Two-factor sign-in".
 */
import { eq } from 'drizzle-orm';
import type { LoginResult } from '../../../src/contract/auth.ts';
import { Err } from '../../../src/contract/errors.ts';
import type {
  AntiPhishing,
  LoginTwoFactorBody,
  RecoveryCodes,
  TwoFactorDisableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../src/contract/twoFactor.ts';
import type { Db } from '../../platform/db/client.ts';
import { totpCredentials } from './schema.ts';
import { BizError } from '../../platform/http/errors.ts';
import { userById, type UserRow } from '../accounts.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { verifyPassword } from '../passwords.ts';
import { publishSecurityEvent, recordSecurityEvent, sendSecurityNotice, type SecurityEvent } from '../securityEvents.ts';
import type { Client, SessionPolicy, SessionUser } from '../sessions.ts';
import { accountKey, ipKey, releaseAttempts, reserveAttempts } from '../throttle.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { qrDataUrl } from '../../platform/qr.ts';
import { phraseOf, setPhrase } from '../../platform/mail/antiPhishing.ts';
import { completeChallenge } from './challenge.ts';
import { checkSecondFactor, credentialOf } from './check.ts';
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery.ts';
import { newSecret, otpauthUri, sealSecret, type SecretKeys } from './secret.ts';

/** The name authenticator apps show beside the account. */
const ISSUER = 'SWX';

export interface TwoFactorDeps {
  db: Db;
  keys: SecretKeys;
  policy: SessionPolicy;
  bus: Bus;
  mailer: Mailer;
  operatorRequired: boolean;
  now: () => number;
}

export class TwoFactorService {
  constructor(private readonly d: TwoFactorDeps) {}

  private async user(userId: bigint): Promise<UserRow> {
    const u = await userById(this.d.db, userId);
    if (!u) throw new BizError(Err.LOGIN_REQUIRED);
    return u;
  }

  async status(session: SessionUser): Promise<TwoFactorStatus> {
    const cred = await credentialOf(this.d.db, session.id);
    return {
      enabled: cred !== undefined,
      enabledAt: cred?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: cred ? await recoveryCodesLeft(this.d.db, session.id) : 0,
      required: session.role === 'operator' && this.d.operatorRequired,
    };
  }

  /** A new secret waiting for its first code (replacing an earlier unconfirmed one); 10214 when on. */
  async setup(session: SessionUser): Promise<TwoFactorSetup> {
    if (await credentialOf(this.d.db, session.id)) throw new BizError(Err.TWO_FACTOR_ALREADY_ON);
    const user = await this.user(session.id);
    const secret = newSecret();
    const secretSealed = sealSecret(this.d.keys, session.id, secret);
    await this.d.db
      .insert(totpCredentials)
      .values({ userId: session.id, secretSealed })
      .onConflictDoUpdate({ target: totpCredentials.userId, set: { secretSealed, lastStep: null, enabledAt: null } });
    const uri = otpauthUri(ISSUER, user.email ?? user.username, secret);
    return { secret, otpauthUri: uri, qrDataUrl: await qrDataUrl(uri) };
  }

  /** The first code turns it on; the recovery codes are made now and shown only in this answer. */
  async enable(session: SessionUser, code: string, client: Client): Promise<RecoveryCodes> {
    if (await credentialOf(this.d.db, session.id)) throw new BizError(Err.TWO_FACTOR_ALREADY_ON);
    await checkSecondFactor({
      db: this.d.db,
      keys: this.d.keys,
      userId: session.id,
      code,
      nowMs: client.now,
      recovery: false,
      pending: true,
    });
    const { codes, event } = await this.d.db.transaction(async (tx) => {
      await tx
        .update(totpCredentials)
        .set({ enabledAt: new Date(client.now) })
        .where(eq(totpCredentials.userId, session.id));
      const made = await replaceRecoveryCodes(tx, session.id);
      return { codes: made, event: await recordSecurityEvent(tx, { userId: session.id, event: 'two_factor_enabled' }, client) };
    });
    await this.announce(session.id, event, 'two_factor_enabled', client);
    return { recoveryCodes: codes };
  }

  /**
   * Off, with the password AND a current code or a recovery code: a stolen session, or a stolen
   * password, is not enough. The password try is throttled like a sign-in's.
   */
  async disable(session: SessionUser, body: TwoFactorDisableBody, client: Client): Promise<void> {
    if (!(await credentialOf(this.d.db, session.id))) throw new BizError(Err.TWO_FACTOR_NOT_ON);
    const user = await this.user(session.id);
    const keys = [accountKey(user.id), ipKey(client.ip)];
    await reserveAttempts(this.d.db, keys, client.now);
    if (!(await verifyPassword(user.passwordHash, body.password))) throw new BizError(Err.PASSWORD_WRONG);
    await releaseAttempts(this.d.db, keys);
    await checkSecondFactor({
      db: this.d.db,
      keys: this.d.keys,
      userId: session.id,
      code: body.code,
      nowMs: client.now,
      recovery: true,
    });
    const event = await this.d.db.transaction(async (tx) => {
      await tx.delete(totpCredentials).where(eq(totpCredentials.userId, session.id));
      await deleteRecoveryCodes(tx, session.id);
      return recordSecurityEvent(tx, { userId: session.id, event: 'two_factor_disabled' }, client);
    });
    await this.announce(session.id, event, 'two_factor_disabled', client);
  }

  /** New recovery codes (the old ones stop working), with a current code. */
  async renewRecoveryCodes(session: SessionUser, code: string, client: Client): Promise<RecoveryCodes> {
    await checkSecondFactor({ db: this.d.db, keys: this.d.keys, userId: session.id, code, nowMs: client.now, recovery: false });
    return { recoveryCodes: await this.d.db.transaction((tx) => replaceRecoveryCodes(tx, session.id)) };
  }

  /** The second step of a sign-in (challenge.ts). */
  loginTwoFactor(body: LoginTwoFactorBody, client: Client): Promise<LoginResult> {
    return completeChallenge(this.d.db, this.d.keys, this.d.policy, body, client);
  }

  async antiPhishing(userId: bigint): Promise<AntiPhishing> {
    return { phrase: await phraseOf(this.d.db, userId) };
  }

  async setAntiPhishing(userId: bigint, phrase: string | null): Promise<AntiPhishing> {
    return { phrase: await setPhrase(this.d.db, userId, phrase) };
  }

  /** After the commit: the live event, and a mail to the account in its language (it may not be the owner acting). */
  private async announce(
    userId: bigint,
    event: Awaited<ReturnType<typeof recordSecurityEvent>>,
    kind: SecurityEvent,
    client: Client,
  ) {
    await publishSecurityEvent(this.d.bus, event, client);
    const user = await this.user(userId);
    await sendSecurityNotice(
      this.d.mailer,
      client.log,
      user,
      [`security.${kind}` as 'security.two_factor_enabled', 'security.notYou'],
      { ip: client.ip },
    );
  }
}
