/**
 * A request signed with an API key (docs/api.md, "Authentication with an API key"), checked in
 * two steps around the body's parsing, so that who is asking is settled before anything about
 * the request is read (as for a session, server/auth/guard.ts):
 *
 * 1. `precheck`, when the request arrives: the headers (10370, 10364), the route's scope (10368),
 *    the timestamp's window (10363), the key (10360, 10361, read from the database on every
 *    request, so a revocation on any instance holds for the next request on every other), the
 *    account, the address (10366), the scope (10367) and for a withdrawal the allowlist (10372).
 * 2. `verify`, once the body has arrived and before it is validated: the Ed25519 signature of
 *    timestamp + method + path with query + raw body (10362), then in one transaction the
 *    signature's first sighting (10365, kept until its window ends, in the database, so two
 *    instances share it), a place in the key's minute (10369, the platform's counters, shared by
 *    every instance), the key's last use and, for an address it never came from, a security event.
 *    A refusal rolls the transaction back: nothing is written.
 */
import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  API_KEY_HEADER,
  API_KEY_ID_RE,
  API_RECV_WINDOW_HEADER,
  API_SIGNATURE_HEADER,
  API_TIMESTAMP_HEADER,
  RECV_WINDOW_DEFAULT_MS,
  RECV_WINDOW_MAX_MS,
  TIMESTAMP_AHEAD_MS,
  signedText,
  type ApiKeyScope,
} from '../../../src/contract/apiKeys.ts';
import { Err } from '../../../src/contract/errors.ts';
import { reserveInWindow } from '../../platform/db/rateWindow.ts';
import { sqlTime } from '../../platform/db/time.ts';
import { BizError } from '../../platform/http/errors.ts';
import { users } from '../../platform/identity/schema.ts';
import type { SessionUser } from '../sessions.ts';
import type { ApiKeyDeps } from './deps.ts';
import { announceApiKeyEvent, recordApiKeyEvent, type RecordedEvent } from './events.ts';
import { ipAllowed, plainAddress } from './ipRanges.ts';
import { publicKeyObject, rawPublicKey, type ApiKeyRow } from './keys.ts';
import { apiKeyIps, apiKeys, apiKeySignatures } from './schema.ts';

/** What a request's key is, once its signature is verified (`req.apiKey`). */
export interface RequestKey {
  id: string;
  scopes: readonly ApiKeyScope[];
}

/** A request whose headers passed, waiting for its body. */
export interface PendingKey {
  row: ApiKeyRow;
  user: SessionUser & { email: string | null; phone: string | null; language: string };
  timestamp: string;
  windowMs: number;
  signature: Buffer;
  ip: string;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined ? undefined : s.trim();
};

/** Whether the request names a key (it then never counts as a session's). */
export const namesKey = (req: FastifyRequest) => header(req, API_KEY_HEADER) !== undefined;

export async function precheck(deps: ApiKeyDeps, req: FastifyRequest, scope: ApiKeyScope | undefined): Promise<PendingKey> {
  if (!scope) throw new BizError(Err.API_KEY_ROUTE_NOT_ALLOWED);
  if (req.headers.authorization !== undefined) throw new BizError(Err.API_KEY_HEADERS_INCOMPLETE);
  const id = header(req, API_KEY_HEADER) ?? '';
  const timestamp = header(req, API_TIMESTAMP_HEADER);
  const sig = header(req, API_SIGNATURE_HEADER);
  if (!timestamp || !sig) throw new BizError(Err.API_KEY_HEADERS_INCOMPLETE);
  const windowText = header(req, API_RECV_WINDOW_HEADER);
  if (!/^\d{1,15}$/.test(timestamp) || (windowText !== undefined && !/^\d{1,5}$/.test(windowText)))
    throw new BizError(Err.API_KEY_RECV_WINDOW_INVALID);
  const windowMs = windowText === undefined ? RECV_WINDOW_DEFAULT_MS : Number(windowText);
  if (windowMs < 1 || windowMs > RECV_WINDOW_MAX_MS) throw new BizError(Err.API_KEY_RECV_WINDOW_INVALID);
  const now = deps.clock.now();
  const ts = Number(timestamp);
  if (ts >= now + TIMESTAMP_AHEAD_MS || now - ts > windowMs)
    throw new BizError(Err.API_KEY_TIMESTAMP_OUTSIDE_WINDOW, { window: windowMs });
  if (!API_KEY_ID_RE.test(id)) throw new BizError(Err.API_KEY_UNKNOWN);
  const [found] = await deps.db
    .select({
      key: apiKeys,
      user: {
        id: users.id,
        username: users.username,
        role: users.role,
        status: users.status,
        email: users.email,
        phone: users.phone,
        language: users.language,
      },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.id, id))
    .limit(1);
  if (!found) throw new BizError(Err.API_KEY_UNKNOWN);
  if (found.key.revokedAt) throw new BizError(Err.API_KEY_REVOKED);
  if (found.user.status !== 'active') throw new BizError(Err.USER_STATUS_ABNORMAL);
  // an operator's account signs in for the console; its keys would reach nothing a key may call
  if (found.user.role !== 'customer') throw new BizError(Err.API_KEY_ROUTE_NOT_ALLOWED);
  const ip = plainAddress(req.ip);
  if (!ipAllowed(found.key.ips, ip)) throw new BizError(Err.API_KEY_IP_NOT_ALLOWED, { ip });
  if (!found.key.scopes.includes(scope)) throw new BizError(Err.API_KEY_SCOPE_MISSING, { scope });
  // a key withdraws only to saved addresses: the allowlist must apply (the wallet then refuses any other address)
  if (scope === 'withdraw' && !(await deps.allowlistOn(found.user.id))) throw new BizError(Err.API_KEY_WITHDRAW_NEEDS_ALLOWLIST);
  const signature = /^[A-Za-z0-9+/]{86}==$/.test(sig) ? Buffer.from(sig, 'base64') : Buffer.alloc(0);
  return {
    row: found.key,
    // a key's request has no session: these fields only matter to session routes, which take no key
    user: { ...found.user, sessionId: 0n, lastSeenAt: new Date(now), idleSeconds: 0 },
    timestamp,
    windowMs,
    signature,
    ip,
  };
}

/** Checks the signature over the raw body, then records the use; resolves with the user and key of the request. */
export async function verify(
  deps: ApiKeyDeps,
  req: FastifyRequest,
  pending: PendingKey,
  rawBody: Buffer,
): Promise<{ user: SessionUser; key: RequestKey }> {
  const { row, user, timestamp, windowMs, signature, ip } = pending;
  const raw = rawPublicKey(row.publicKey);
  const text = Buffer.concat([Buffer.from(signedText(timestamp, req.method, req.url, ''), 'utf8'), rawBody]);
  const good = raw !== null && signature.length === 64 && crypto.verify(null, text, publicKeyObject(raw), signature);
  if (!good) throw new BizError(Err.API_KEY_SIGNATURE_INVALID);
  const now = deps.clock.now();
  const sigText = signature.toString('base64');
  const event = await deps.db.transaction(async (tx): Promise<RecordedEvent | undefined> => {
    await tx
      .delete(apiKeySignatures)
      .where(and(eq(apiKeySignatures.keyId, row.id), lt(apiKeySignatures.expiresAt, new Date(now))));
    const seen = await tx
      .insert(apiKeySignatures)
      .values({ keyId: row.id, signature: sigText, expiresAt: new Date(Number(timestamp) + windowMs) })
      .onConflictDoNothing()
      .returning({ keyId: apiKeySignatures.keyId });
    if (seen.length === 0) throw new BizError(Err.API_KEY_REPLAYED);
    if (!(await reserveInWindow(tx, `api-key:${row.id}`, deps.ratePerMinute, 60, now)))
      throw new BizError(Err.API_KEY_RATE_LIMITED, { limit: deps.ratePerMinute });
    // the last use, written at most every ten seconds from one address (the list shows it to the minute)
    await tx
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now), lastUsedIp: ip })
      .where(
        and(
          eq(apiKeys.id, row.id),
          sql`(${apiKeys.lastUsedIp} is distinct from ${ip} or ${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${sqlTime(now - 10_000)})`,
        ),
      );
    const fresh = await tx
      .insert(apiKeyIps)
      .values({ keyId: row.id, ip, firstAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ ip: apiKeyIps.ip });
    if (fresh.length === 0) return undefined;
    return recordApiKeyEvent(tx, user.id, 'api_key_new_ip', {
      keyId: row.id,
      name: row.name,
      ip,
      userAgent: req.headers['user-agent'],
    });
  });
  if (event)
    await announceApiKeyEvent({ ...deps, log: req.log }, user, 'api_key_new_ip', event, { keyId: row.id, name: row.name, ip });
  const { email: _e, phone: _p, language: _l, ...sessionUser } = user;
  return { user: sessionUser, key: { id: row.id, scopes: row.scopes as ApiKeyScope[] } };
}
