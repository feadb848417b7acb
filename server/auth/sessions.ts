import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: bigint;
  username: string;
  role: 'customer' | 'operator';
  status: 'active' | 'disabled';
  sessionId: bigint;
}

/**
 * The client behind a request, as the sign-in modules need it: the address the throttles count
 * and a session records, the user agent it records, and the request's logger.
 */
export interface Client {
  ip: string;
  userAgent?: string;
  log: FastifyBaseLogger;
}

/** Opaque random token; only its hash is stored, so a database leak yields no usable session. */
export async function createSession(db: DbOrTx, userId: bigint, ttlMs: number, meta: { ip?: string; userAgent?: string } = {}) {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

export async function findSessionUser(db: DbOrTx, token: string): Promise<SessionUser | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
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

export function tokenFromHeader(h: string | string[] | undefined): string | undefined {
  if (typeof h !== 'string' || !h) return undefined;
  return h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
}
