import type { FastifyBaseLogger } from 'fastify';
import type {
  CheckUserQuery, GoogleAuthUrlResult, LoginBody, LoginByGoogleBody, LoginResult, RegisterBody, RepasswordBody,
  SendCodeBody, SendCodeResult, UserProfile,
} from '../../src/contract/auth.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { BizError } from '../http/errors.ts';
import { toProfile, userById } from './accounts.ts';
import { googleAuthUrl, googleSignIn } from './googleSignIn.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { createOidc, type Oidc } from './oidc.ts';
import { newPassword } from './passwordChange.ts';
import { isRegistered, register, sendCode } from './registration.ts';
import { revokeSession, type Client, type SessionUser } from './sessions.ts';
import { signIn } from './signIn.ts';

/**
 * Accounts, sign-in and verification codes (`app.accounts`). Each method is one thing a user
 * does; the rules live in the modules it calls (registration.ts, signIn.ts, googleSignIn.ts,
 * passwordChange.ts). Refusals are BizErrors with catalogue codes.
 */
export class AccountsService {
  private readonly mailer: Mailer;
  /** Absent without OIDC_ISSUER: Google sign-in is then refused (10048). */
  private readonly oidc?: Oidc;
  private readonly sessionTtlMs: number;
  private readonly codesPerHourGlobal: number;

  constructor(private readonly db: Db, config: Config, log: FastifyBaseLogger) {
    this.mailer = createMailer(config, db, log);
    this.oidc = config.oidc ? createOidc(config.oidc, db, log) : undefined;
    this.sessionTtlMs = config.sessionTtlMs;
    this.codesPerHourGlobal = config.codesPerHourGlobal;
  }

  isRegistered(q: CheckUserQuery): Promise<boolean> {
    return isRegistered(this.db, q);
  }

  sendCode(body: SendCodeBody, client: Client): Promise<SendCodeResult> {
    return sendCode(this.db, this.mailer, body, client.ip, this.codesPerHourGlobal);
  }

  register(body: RegisterBody, client: Client): Promise<LoginResult> {
    return register(this.db, this.sessionTtlMs, body, client);
  }

  signIn(body: LoginBody, client: Client): Promise<LoginResult> {
    return signIn(this.db, this.sessionTtlMs, body, client);
  }

  async signOut(session: SessionUser): Promise<void> {
    await revokeSession(this.db, session.sessionId);
  }

  googleAuthUrl(): Promise<GoogleAuthUrlResult> {
    return googleAuthUrl(this.oidc);
  }

  googleSignIn(body: LoginByGoogleBody, client: Client): Promise<LoginResult> {
    return googleSignIn(this.db, this.oidc, this.sessionTtlMs, body, client);
  }

  /** Change (with the old password, signed in) or reset (with a code). */
  newPassword(body: RepasswordBody, session: SessionUser | undefined, client: Client): Promise<void> {
    return newPassword(this.db, body, session, client);
  }

  async profile(userId: bigint): Promise<UserProfile> {
    const user = await userById(this.db, userId);
    if (!user) throw new BizError(Err.LOGIN_REQUIRED);
    return toProfile(user);
  }
}
