import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../src/contract/constants.ts';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: bigint;
  username: string;
  role: 'customer' | 'operator';
  status: 'active' | 'disabled';
  sessionId: bigint;
  /** When this session last saw a request (the guard refreshes it at most once a minute). */
  lastSeenAt: Date;
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
 * `policy` as a number (tests, tools) is one lifetime used as both limits.
 */
export async function createSession(
  db: DbOrTx, userId: bigint, policy: SessionPolicy | number, meta: { ip?: string; userAgent?: string; remember?: boolean } = {},
) {
  const token = crypto.randomBytes(32).toString('base64url');
  const remember = meta.remember === true;
  const { absoluteMs, idleMs } = typeof policy === 'number' ? { absoluteMs: policy, idleMs: policy } : sessionLimits(policy, remember);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + absoluteMs),
    idleSeconds: Math.max(1, Math.round(idleMs / 1000)),
    remember,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

/** Not revoked, not past its absolute limit, and not idle longer than its idle limit. */
const live = () => and(
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql`now()`),
  gt(sessions.lastSeenAt, sql`now() - ${sessions.idleSeconds} * interval '1 second'`),
);

export async function findSessionUser(db: DbOrTx, token: string): Promise<SessionUser | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), live()))
    .limit(1);
  return row;
}

/** How often a session's `lastSeenAt` is written: once a minute is exact enough for a 30-minute limit. */
const TOUCH_EVERY_MS = 60_000;

/** Records activity, at most once a minute per session (a write per request would be waste). */
export async function touchSession(db: DbOrTx, s: SessionUser): Promise<void> {
  if (Date.now() - s.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  await db.update(sessions).set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, s.sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}

export async function revokeSession(db: DbOrTx, sessionId: bigint) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** After a password change every other session of the user ends. */
export async function revokeOtherSessions(db: DbOrTx, userId: bigint, keepSessionId?: bigint) {
  const cond = keepSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(cond);
}

/** The user's live sessions, newest activity first (the sessions screen). */
export async function activeSessions(db: DbOrTx, userId: bigint) {
  return db.select({
    id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt,
    idleSeconds: sessions.idleSeconds, remember: sessions.remember, ip: sessions.ip, userAgent: sessions.userAgent,
  }).from(sessions).where(and(eq(sessions.userId, userId), live())).orderBy(desc(sessions.lastSeenAt), desc(sessions.id)).limit(100);
}

/** Ends one of the user's own sessions; false when it is not theirs or already over. */
export async function endOwnSession(db: DbOrTx, userId: bigint, sessionId: bigint): Promise<boolean> {
  const done = await db.update(sessions).set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return done.length > 0;
}

export function tokenFromHeader(h: string | string[] | undefined): string | undefined {
  if (typeof h !== 'string' || !h) return undefined;
  return h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
}
