import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import { VERIFY_CODE_TTL_MS } from '../../src/contract/constants.ts';
import {
  CheckUserQuery, CheckUserResult, CODE_RESEND_SECONDS, GoogleAuthUrlResult, LoginBody, LoginByGoogleBody, LoginResult,
  passwordStrongEnough, RegisterBody, SendCodeBody, SendCodeResult, USERNAME_RE,
} from '../../src/contract/auth.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import { Err } from '../../src/contract/errors.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { refuse } from '../http/errors.ts';
import {
  createUser, duplicateToBizError, toProfile, userByGoogleSub, userByInviteCode, userByTarget, userByUsername, type UserRow,
} from './accounts.ts';
import { checkCode, consumeCode, issueCode } from './codes.ts';
import type { Mailer } from './mailer.ts';
import type { Oidc } from './oidc.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.ts';
import { maskTarget, normaliseEmail, phoneTarget, targetOf } from './targets.ts';
import { accountKey, assertNotThrottled, clearFailures, ipKey, recordFailure } from './throttle.ts';

/**
 * Per-IP request limits (@fastify/rate-limit, registered with global:false in app.ts). They
 * stop floods early; the finer limits (per address, per account, exponential login waits)
 * live in codes.ts and throttle.ts.
 */
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export interface LoginDeps {
  mailer: Mailer;
  oidc?: Oidc;
}

const sessionMeta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const isSixDigits = (c: string | undefined): c is string => typeof c === 'string' && /^[0-9]{6}$/.test(c.trim());

/** A free username for a Google account: the e-mail's local part, then with a suffix. */
async function freeUsername(db: Db, seed: string): Promise<string> {
  let base = seed.replace(/[^A-Za-z0-9_]/g, '').slice(0, 14);
  if (base.length < 3) base = `user${base}`;
  if (!(await userByUsername(db, base))) return base;
  for (;;) {
    const candidate = `${base}_${Math.floor(Math.random() * 1e5)}`;
    if (!(await userByUsername(db, candidate))) return candidate;
  }
}

export async function loginRoutes(root: FastifyInstance, { mailer, oidc }: LoginDeps) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const P = '/swx/customer/login';
  const tags = ['login'];

  app.get(`${P}/checkUserNameOrPhone`, {
    schema: { tags, summary: 'Is this username, e-mail or phone already registered?', querystring: CheckUserQuery, response: { 200: Envelope(CheckUserResult) } },
    config: limit(60),
  }, async (req, reply) => {
    const q = req.query;
    let found: UserRow | undefined;
    if (q.username !== undefined && q.username !== '') {
      if (!USERNAME_RE.test(q.username)) refuse(Err.USERNAME_INVALID);
      found = await userByUsername(app.db, q.username);
    } else {
      found = await userByTarget(app.db, targetOf(q));
    }
    return reply.ok({ exists: !!found });
  });

  app.post(`${P}/sendCode`, {
    schema: { tags, summary: 'Send a 6-digit verification code by e-mail or SMS', body: SendCodeBody, response: { 200: Envelope(SendCodeResult) } },
    config: limit(10),
  }, async (req, reply) => {
    const { purpose } = req.body;
    const target = targetOf(req.body);
    const existing = await userByTarget(app.db, target);
    if (purpose === 'register' && existing) refuse(Err.EMAIL_OR_PHONE_EXISTS);
    if (purpose !== 'register' && !existing) refuse(Err.USER_NOT_FOUND);
    if (existing && existing.status !== 'active') refuse(Err.USER_STATUS_ABNORMAL);
    await issueCode(app.db, mailer, target, purpose, req.ip);
    return reply.ok({
      sentTo: maskTarget(target),
      channel: target.kind === 'email' ? 'email' as const : 'sms' as const,
      expiresInSeconds: VERIFY_CODE_TTL_MS / 1000,
      resendAfterSeconds: CODE_RESEND_SECONDS,
    });
  });

  app.post(`${P}/register`, {
    schema: { tags, summary: 'Create an account (e-mail or phone, with a code from sendCode)', body: RegisterBody, response: { 200: Envelope(LoginResult) } },
    config: limit(10),
  }, async (req, reply) => {
    const b = req.body;
    // every check that needs no write comes first: bad input leaves no trace
    const username = b.username.trim();
    if (!USERNAME_RE.test(username)) refuse(Err.USERNAME_INVALID);
    const target = targetOf(b);
    if (b.password !== b.confirmPassword) refuse(Err.PASSWORDS_DIFFER);
    if (!passwordStrongEnough(b.password)) refuse(Err.PASSWORD_TOO_WEAK);
    if (!isSixDigits(b.code)) refuse(Err.VERIFY_CODE_WRONG);
    if (await userByUsername(app.db, username)) refuse(Err.USERNAME_EXISTS);
    if (await userByTarget(app.db, target)) refuse(Err.EMAIL_OR_PHONE_EXISTS);
    let invitedBy: bigint | null = null;
    if (b.inviteCode !== undefined && b.inviteCode.trim() !== '') {
      const inviter = await userByInviteCode(app.db, b.inviteCode);
      if (!inviter) refuse(Err.INVITE_CODE_INVALID);
      invitedBy = inviter!.id;
    }
    const codeId = await checkCode(app.db, target, 'register', b.code);
    const passwordHash = await hashPassword(b.password);
    const result = await app.db.transaction(async (tx) => {
      await consumeCode(tx, codeId);
      const user = await createUser(tx, {
        username,
        email: target.kind === 'email' ? target.value : null,
        phone: target.kind === 'phone' ? target.value : null,
        areaCode: target.kind === 'phone' ? target.areaCode : null,
        passwordHash,
        invitedBy,
      });
      const token = await createSession(tx, user.id, app.config.sessionTtlMs, sessionMeta(req));
      return { token, user: toProfile(user) };
    }).catch((e) => {
      throw duplicateToBizError(e);
    });
    req.log.info({ userId: result.user.id, via: target.kind }, 'user registered');
    return reply.ok(result);
  });

  app.post(`${P}/login`, {
    schema: { tags, summary: 'Log in with username, e-mail or phone and password', body: LoginBody, response: { 200: Envelope(LoginResult) } },
    config: limit(30),
  }, async (req, reply) => {
    const { password, areaCode } = req.body;
    const account = req.body.account.trim();
    if (!account) refuse(Err.USERNAME_OR_EMAIL_REQUIRED);
    const ipK = ipKey(req.ip);
    await assertNotThrottled(app.db, [ipK]);
    let user: UserRow | undefined;
    if (account.includes('@')) user = await userByTarget(app.db, { kind: 'email', value: normaliseEmail(account) });
    else if (areaCode !== undefined && areaCode !== '') user = await userByTarget(app.db, phoneTarget(account, areaCode));
    else if (/^\+[0-9 \-]{5,20}$/.test(account)) user = await userByTarget(app.db, { kind: 'phone', value: `+${account.replace(/[^0-9]/g, '')}`, areaCode: '' });
    else if (USERNAME_RE.test(account)) user = await userByUsername(app.db, account);
    if (!user) {
      await recordFailure(app.db, [ipK]);
      return refuse(Err.USER_NOT_FOUND);
    }
    const acctK = accountKey(user.id);
    await assertNotThrottled(app.db, [acctK]);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await recordFailure(app.db, [acctK, ipK]);
      return refuse(Err.PASSWORD_WRONG);
    }
    // status only after the password, so it tells nothing to someone guessing
    if (user.status !== 'active') refuse(Err.USER_STATUS_ABNORMAL);
    await clearFailures(app.db, acctK);
    if (needsRehash(user.passwordHash!)) {
      await app.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
    }
    const token = await createSession(app.db, user.id, app.config.sessionTtlMs, sessionMeta(req));
    return reply.ok({ token, user: toProfile(user) });
  });

  app.post(`${P}/logout`, {
    schema: { tags, summary: 'End this session (the token stops working)', response: { 200: Envelope(Type.Null()) } },
    preHandler: app.requireUser,
  }, async (req, reply) => {
    await revokeSession(app.db, req.user!.sessionId);
    return reply.ok(null);
  });

  app.get(`${P}/googleAuthUrl`, {
    schema: {
      tags, summary: 'Start Google (OpenID Connect) sign-in: open the returned URL',
      querystring: Type.Object({}, { additionalProperties: false }),
      response: { 200: Envelope(GoogleAuthUrlResult) },
    },
    config: limit(20),
  }, async (_req, reply) => {
    if (!oidc) return refuse(Err.GOOGLE_LOGIN_FAILED);
    return reply.ok(await oidc.authorizationUrl());
  });

  app.post(`${P}/loginByGoogle`, {
    schema: { tags, summary: 'Finish Google sign-in with the callback\'s code and state', body: LoginByGoogleBody, response: { 200: Envelope(LoginResult) } },
    config: limit(20),
  }, async (req, reply) => {
    if (!oidc) return refuse(Err.GOOGLE_LOGIN_FAILED);
    const id = await oidc.redeem(req.body.code, req.body.state, req.body.iss);
    const email = id.email && id.emailVerified ? id.email.trim().toLowerCase() : undefined;
    const result = await app.db.transaction(async (tx) => {
      let user = await userByGoogleSub(tx, id.sub);
      if (!user && email) {
        // a verified e-mail that matches an account links Google to it
        user = await userByTarget(tx, { kind: 'email', value: email });
        if (user) {
          if (user.googleSub && user.googleSub !== id.sub) refuse(Err.GOOGLE_LOGIN_FAILED);
          [user] = await tx.update(users).set({ googleSub: id.sub }).where(eq(users.id, user.id)).returning();
        }
      }
      if (!user) {
        user = await createUser(tx, {
          username: await freeUsername(tx as unknown as Db, (id.email ?? id.name ?? 'user').split('@')[0]),
          email: email ?? null,
          passwordHash: null,
          googleSub: id.sub,
        });
      }
      if (user.status !== 'active') refuse(Err.USER_STATUS_ABNORMAL);
      const token = await createSession(tx, user.id, app.config.sessionTtlMs, sessionMeta(req));
      return { token, user: toProfile(user) };
    }).catch((e) => {
      throw duplicateToBizError(e);
    });
    return reply.ok(result);
  });
}
