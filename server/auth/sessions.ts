import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../src/contract/constants.ts';
import type { Config } from '../platform/config.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { preparedOnce } from '../platform/db/prepared.ts';
import { sessions } from './schema.ts';
import { users } from '../platform/identity/schema.ts';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: bigint;
  username: string;
  role: 'customer' | 'operator';
  status: 'active' | 'disabled';
  sessionId: bigint;
  /** When this session last saw a request (the guard refreshes it, see touchSession). */
  lastSeenAt: Date;
  /** The session's idle limit in seconds. */
  idleSeconds: number;
}

/**
 * The client behind a request, as the sign-in modules need it: the address the throttles count
 * and a session records, the user agent it records, the request's logger, and its languages.
 */
export interface Client {
  ip: string;
  userAgent?: string;
  log: FastifyBaseLogger;
  /** The request's language (`lang` header, then Accept-Language, then English): a code's mail, a new account's language. */
  language: Language;
  /** The language the app shows (its `lang` header), when it sent one: a sign-in keeps it as the account's. */
  appLanguage?: Language;
  /** The request's time on the platform clock (app.clock), ms. */
  now: number;
  /** The device cookie's token, when the request carried one (devices.ts). */
  deviceToken?: string;
  /** Hands a device token to the reply (a cookie) after a right password. */
  setDeviceToken?: (token: string) => void;
}

/**
 * How long sessions live: an absolute limit from sign-in and an idle limit since the last request;
 * "remember me on this device" stretches both to `sessionRememberMs`.
 */
export type SessionPolicy = Pick<Config, 'sessionTtlMs' | 'sessionIdleMs' | 'sessionRememberMs'>;

export function sessionLimits(policy: SessionPolicy, remember: boolean): { absoluteMs: number; idleMs: number } {
  return remember
    ? { absoluteMs: policy.sessionRememberMs, idleMs: policy.sessionRememberMs }
    : { absoluteMs: policy.sessionTtlMs, idleMs: Math.min(policy.sessionIdleMs, policy.sessionTtlMs) };
}

/**
 * Opaque random token; only its hash is stored, so a database leak yields no usable session.
 * `policy` as a number (tests, tools) is one lifetime used as both limits. `meta.now` is the
 * platform clock's time (app.clock): the session's times are all on that clock.
 */
export async function createSession(
  db: DbOrTx,
  userId: bigint,
  policy: SessionPolicy | number,
  meta: { ip?: string; userAgent?: string; remember?: boolean; now: number },
) {
  const token = crypto.randomBytes(32).toString('base64url');
  const remember = meta.remember === true;
  const { absoluteMs, idleMs } =
    typeof policy === 'number' ? { absoluteMs: policy, idleMs: policy } : sessionLimits(policy, remember);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: new Date(meta.now),
    lastSeenAt: new Date(meta.now),
    expiresAt: new Date(meta.now + absoluteMs),
    idleSeconds: Math.max(1, Math.round(idleMs / 1000)),
    remember,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

/** Not revoked, not past its absolute limit, and not idle longer than its idle limit, at `now` (the platform clock's ms). */
const live = (now: number) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, sql`${new Date(now).toISOString()}::timestamptz - ${sessions.idleSeconds} * interval '1 second'`),
  );

/** The live session of `token` at `now` (the platform clock's ms), with its user. */
export async function findSessionUser(db: Db, token: string, now: number): Promise<SessionUser | undefined> {
  if (!token || token.length > 200) return undefined;
  return (await lookupSession(db, hashToken(token), now))?.user;
}

/**
 * The session check as one prepared statement (issue 44 item 1): it runs before every signed-in
 * request the session cache cannot answer (PostgreSQL without Redis, a session not seen lately),
 * and building its SQL again each time cost more than the statement's round trip. The conditions
 * are live()'s, with the time as a parameter.
 */
function prepareLookup(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      status: users.status,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      idleSeconds: sessions.idleSeconds,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, sql`${now} - ${sessions.idleSeconds} * interval '1 second'`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}

/** As findSessionUser, by the token's hash, with the session's absolute limit (the session cache keeps it). */
export async function lookupSession(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<{ user: SessionUser; expiresAt: Date } | undefined> {
  const [row] = await preparedOnce(db, 'session_lookup', () => prepareLookup(db)).execute({
    tokenHash,
    now: new Date(now).toISOString(),
  });
  if (!row) return undefined;
  const { expiresAt, ...user } = row;
  return { user, expiresAt };
}

/**
 * How stale a session's `lastSeenAt` may get before a request writes it: a tenth of the idle limit,
 * at most a minute. Once a minute alone ended a session with a one-minute idle limit while in use
 * (the last write could be 59 s old); a tenth keeps an active session alive under any limit.
 */
export const touchEveryMs = (idleSeconds: number) => Math.min(60_000, idleSeconds * 100);

/**
 * Records activity at `now` (the platform clock's ms), at most once per touchEveryMs (a write per
 * request would be waste). True when it wrote (the caller's copy of the session is then behind).
 */
export async function touchSession(db: DbOrTx, s: SessionUser, now: number): Promise<boolean> {
  const every = touchEveryMs(s.idleSeconds);
  if (now - s.lastSeenAt.getTime() < every) return false;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(and(eq(sessions.id, s.sessionId), lt(sessions.lastSeenAt, new Date(now - every))));
  return true;
}

export async function revokeSession(db: DbOrTx, sessionId: bigint) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** After a password change every other session of the user ends. */
export async function revokeOtherSessions(db: DbOrTx, userId: bigint, keepSessionId?: bigint) {
  const cond = keepSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(cond);
}

/** The user's live sessions at `now` (the platform clock's ms), newest activity first (the sessions screen). */
export async function activeSessions(db: DbOrTx, userId: bigint, now: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      idleSeconds: sessions.idleSeconds,
      remember: sessions.remember,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
}

/** Ends one of the user's own sessions; false when it is not theirs or already over. */
export async function endOwnSession(db: DbOrTx, userId: bigint, sessionId: bigint): Promise<boolean> {
  const done = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return done.length > 0;
}

export function tokenFromHeader(h: string | string[] | undefined): string | undefined {
  if (typeof h !== 'string' || !h) return undefined;
  return h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
}
