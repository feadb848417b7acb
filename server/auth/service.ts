import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ActiveSession,
  CheckUserQuery,
  GoogleAuthUrlResult,
  LanguageResult,
  LoginBody,
  LoginByGoogleBody,
  LoginResult,
  RegisterBody,
  RepasswordBody,
  SendCodeBody,
  SendCodeResult,
} from '../../src/contract/auth.ts';
import type { Language } from '../../src/contract/constants.ts';
import { Err } from '../../src/contract/errors.ts';
import type { InviteeList } from '../../src/contract/support.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import { users } from '../platform/identity/schema.ts';
import { userWrite } from '../platform/db/userWrites.ts';
import { BizError } from '../platform/http/errors.ts';
import { googleAuthUrl, googleSignIn } from './googleSignIn.ts';
import { listInvitees } from './invitees.ts';
import type { Bus } from '../platform/bus/bus.ts';
import { publishUserEvent } from '../platform/realtime/notify.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import { createOidc, type Oidc } from './oidc.ts';
import { newPassword } from './passwordChange.ts';
import { passwordWordsOf } from './passwordStrength.ts';
import { isRegistered, register, sendCode } from './registration.ts';
import { mailCredentialChange, publishSecurityEvent, securityKind } from './securityEvents.ts';
import { activeSessions, endOwnSession, revokeSession, type Client, type SessionPolicy, type SessionUser } from './sessions.ts';
import { signIn } from './signIn.ts';
import { closeWindows } from './twofactor/reviewWindow.ts';
import type { Clock } from '../platform/clock.ts';
import type { SessionCache } from './sessionCache.ts';
import { isChallenge, type LoginStepResult } from '../../src/contract/twoFactor.ts';

/**
 * Accounts, sign-in and verification codes (`app.accounts`). Each method is one thing a user
 * does; the rules live in the modules it calls (registration.ts, signIn.ts, googleSignIn.ts,
 * passwordChange.ts). Refusals are BizErrors with catalogue codes.
 */
export class AccountsService {
  /** Shared with the domains that mail the user (server/auth/twofactor), so the dev console sees every message. */
  readonly mailer: Mailer;
  /** Absent without OIDC_ISSUER: Google sign-in is then refused (10048). */
  private readonly oidc?: Oidc;
  private readonly policy: SessionPolicy;
  private readonly codesPerHourGlobal: number;
  private readonly holdHours: number;
  /** The service's own words a new password may not be built from (issue 41). */
  private readonly passwordWords: readonly string[];

  constructor(
    private readonly db: Db,
    config: Config,
    log: FastifyBaseLogger,
    private readonly bus: Bus,
    private readonly clock: Clock,
    /** Every revocation is announced here after its commit, so no instance serves the session from memory. */
    private readonly sessionCache: Pick<SessionCache, 'revoked'>,
  ) {
    this.mailer = createMailer(config, db, log);
    this.oidc = config.oidc ? createOidc(config.oidc, db, log, () => clock.now()) : undefined;
    this.policy = {
      sessionTtlMs: config.sessionTtlMs,
      sessionIdleMs: config.sessionIdleMs,
      sessionRememberMs: config.sessionRememberMs,
    };
    this.codesPerHourGlobal = config.codesPerHourGlobal;
    this.holdHours = config.withdrawHoldAfterResetHours;
    this.passwordWords = passwordWordsOf(config);
  }

  /**
   * What the dev console printed last to a recipient (codes included). Only where console
   * delivery is allowed (development, or CONSOLE_DELIVERY=true); no route reads it.
   */
  devConsoleMessageTo(recipient: string) {
    return this.mailer.devConsole?.lastTo(recipient);
  }

  /** The live 'security.login' event for the user's other open apps. */
  private async announceLogin(result: LoginResult, client: Client): Promise<LoginResult> {
    await publishUserEvent(this.bus, BigInt(result.user.id), {
      kind: securityKind('login'),
      params: {},
      refType: 'user',
      refId: result.user.id,
    }).catch((err) => client.log.warn({ err }, 'security event not published'));
    return result;
  }

  isRegistered(q: CheckUserQuery): Promise<boolean> {
    return isRegistered(this.db, q);
  }

  sendCode(body: SendCodeBody, client: Client): Promise<SendCodeResult> {
    return sendCode(this.db, this.mailer, body, client, this.codesPerHourGlobal);
  }

  register(body: RegisterBody, client: Client): Promise<LoginResult> {
    return register(this.db, this.policy, this.passwordWords, body, client);
  }

  async signIn(body: LoginBody, client: Client): Promise<LoginStepResult> {
    const step = await signIn(this.db, this.policy, body, client);
    return isChallenge(step) ? step : this.announceLogin(step, client);
  }

  /** The announcement of a session opened elsewhere (the two-factor step, server/auth/twofactor). */
  announceSession(result: LoginResult, client: Client): Promise<LoginResult> {
    return this.announceLogin(result, client);
  }

  async signOut(session: SessionUser): Promise<void> {
    // a revoked session has no review window anyway; closing it records when it ended
    await closeWindows(this.db, session.sessionId, this.clock.now());
    await revokeSession(this.db, session.sessionId);
    await this.sessionCache.revoked(session.id);
  }

  googleAuthUrl(): Promise<GoogleAuthUrlResult> {
    return googleAuthUrl(this.oidc);
  }

  async googleSignIn(body: LoginByGoogleBody, client: Client): Promise<LoginStepResult> {
    const step = await googleSignIn(this.db, this.oidc, this.policy, body, client);
    return isChallenge(step) ? step : this.announceLogin(step, client);
  }

  /** Change (with the old password, signed in) or reset (with a code). */
  async newPassword(body: RepasswordBody, session: SessionUser | undefined, client: Client): Promise<void> {
    const change = await newPassword(this.db, this.passwordWords, body, session, client);
    // the other sessions (a reset: all of them) ended with the commit
    await this.sessionCache.revoked(change.event.userId);
    await publishSecurityEvent(this.bus, change.event, client);
    await mailCredentialChange(this.mailer, change.user, change.kind, client, this.holdHours);
  }

  /** The user's signed-in devices, this one marked. */
  async sessions(session: SessionUser): Promise<ActiveSession[]> {
    const rows = await activeSessions(this.db, session.id, this.clock.now());
    return rows.map((r) => ({
      id: r.id.toString(),
      current: r.id === session.sessionId,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      idleMinutes: Math.round(r.idleSeconds / 60),
      remember: r.remember,
      ip: r.ip,
      userAgent: r.userAgent,
    }));
  }

  /** Ends one of the user's sessions (another user's, or one already over: 10043). */
  async endSession(session: SessionUser, sessionId: bigint): Promise<void> {
    if (!(await endOwnSession(this.db, session.id, sessionId))) throw new BizError(Err.RECORD_NOT_FOUND);
    await this.sessionCache.revoked(session.id);
  }

  /** Who registered with the user's invite code: masked names, when, whether verified. */
  invitees(userId: bigint): Promise<InviteeList> {
    return listInvitees(this.db, userId);
  }

  /** The language mail to the user is written in from now on (the app sends it after a switch). */
  async setLanguage(userId: bigint, language: Language): Promise<LanguageResult> {
    await userWrite(this.db, [userId], () => this.db.update(users).set({ language }).where(eq(users.id, userId)));
    return { language };
  }
}
