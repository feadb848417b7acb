/**
 * Creating, listing and revoking API keys (docs/api.md, "Authentication with an API key"). The
 * platform keeps only the public key, so nothing it stores can sign. Checks that need no write
 * come first: the public key (10371), the IP entries (10373), the withdraw scope's allowlist
 * (10372), the count (10374, again under the user's row lock) and the public key's uniqueness
 * (10375, the unique index deciding a race).
 */
import crypto from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { API_KEYS_MAX, type ApiKey, type ApiKeyScope, type CreateApiKeyBody } from '../../../src/contract/apiKeys.ts';
import { Err } from '../../../src/contract/errors.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { BizError } from '../../platform/http/errors.ts';
import { users } from '../../platform/identity/schema.ts';
import { userById } from '../accounts.ts';
import type { Client } from '../sessions.ts';
import type { ApiKeyDeps } from './deps.ts';
import { announceApiKeyEvent, recordApiKeyEvent } from './events.ts';
import { parseIpEntry } from './ipRanges.ts';
import { apiKeySignatures, apiKeys } from './schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const keyView = (r: ApiKeyRow, ratePerMinute: number): ApiKey => ({
  id: r.id,
  name: r.name,
  publicKey: r.publicKey,
  scopes: r.scopes as ApiKeyScope[],
  ips: r.ips,
  createdAt: r.createdAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: r.lastUsedIp,
  ratePerMinute,
});

/** The 32 bytes of a raw Ed25519 public key in standard base64, or null. */
export function rawPublicKey(b64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(b64)) return null;
  const raw = Buffer.from(b64, 'base64');
  return raw.length === 32 ? raw : null;
}

/** The DER prefix that wraps 32 raw bytes as an Ed25519 SubjectPublicKeyInfo (RFC 8410). */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export const publicKeyObject = (raw: Buffer): crypto.KeyObject =>
  crypto.createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });

/** `ak_` and 24 characters of a–z 0–9 (120 random bits). */
const newKeyId = () =>
  `ak_${BigInt(`0x${crypto.randomBytes(15).toString('hex')}`)
    .toString(36)
    .padStart(24, '0')
    .slice(-24)}`;

function publicKeyTaken(e: unknown): boolean {
  type PgError = { code?: string; constraint?: string; message?: string };
  const err = e as (PgError & { cause?: PgError }) | undefined;
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : undefined;
  return c !== undefined && (c.constraint === 'api_keys_public_key' || String(c.message).includes('api_keys_public_key'));
}

const liveKeys = (userId: bigint) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

export async function createApiKey(deps: ApiKeyDeps, userId: bigint, body: CreateApiKeyBody, client: Client): Promise<ApiKey> {
  const name = body.name.trim();
  if (!name) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'name' });
  const raw = rawPublicKey(body.publicKey);
  if (!raw) throw new BizError(Err.API_KEY_PUBLIC_KEY_INVALID);
  try {
    publicKeyObject(raw);
  } catch {
    throw new BizError(Err.API_KEY_PUBLIC_KEY_INVALID);
  }
  const ips: string[] = [];
  for (const entry of body.ips ?? []) {
    const ip = parseIpEntry(entry);
    if (!ip) throw new BizError(Err.API_KEY_IP_INVALID, { ip: entry.slice(0, 50) });
    if (!ips.includes(ip)) ips.push(ip);
  }
  if (body.scopes.includes('withdraw') && !(await deps.allowlistOn(userId)))
    throw new BizError(Err.API_KEY_WITHDRAW_NEEDS_ALLOWLIST);
  const user = await userById(deps.db, userId);
  if (!user) throw new BizError(Err.LOGIN_REQUIRED);
  const full = async (db: DbOrTx) =>
    Number((await db.select({ n: count() }).from(apiKeys).where(liveKeys(userId)))[0].n) >= API_KEYS_MAX;
  if (await full(deps.db)) throw new BizError(Err.API_KEY_LIMIT, { limit: API_KEYS_MAX });
  const [dup] = await deps.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.publicKey, body.publicKey)).limit(1);
  if (dup) throw new BizError(Err.API_KEY_PUBLIC_KEY_EXISTS);
  const scopes = [...new Set(body.scopes)];
  const { row, event } = await deps.db
    .transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (await full(tx)) throw new BizError(Err.API_KEY_LIMIT, { limit: API_KEYS_MAX });
      const [ins] = await tx
        .insert(apiKeys)
        .values({ id: newKeyId(), userId, name, publicKey: body.publicKey, scopes, ips, createdAt: deps.clock.date() })
        .returning();
      const ev = await recordApiKeyEvent(tx, userId, 'api_key_created', {
        keyId: ins.id,
        name,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return { row: ins, event: ev };
    })
    .catch((e: unknown) => {
      throw publicKeyTaken(e) ? new BizError(Err.API_KEY_PUBLIC_KEY_EXISTS) : e;
    });
  await announceApiKeyEvent(deps, user, 'api_key_created', event, { keyId: row.id, name, ip: client.ip });
  return keyView(row, deps.ratePerMinute);
}

/** The account's keys, newest first, revoked ones included (marked). */
export async function listApiKeys(deps: Pick<ApiKeyDeps, 'db' | 'ratePerMinute'>, userId: bigint): Promise<ApiKey[]> {
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => keyView(r, deps.ratePerMinute));
}

/**
 * Revokes one of the account's keys at once: every instance reads the key's row on every signed
 * request (no copy in memory), so the next request anywhere is refused (10361). Revoking a revoked
 * key answers it as it is; another account's or an unknown key is 10043.
 */
export async function revokeApiKey(deps: ApiKeyDeps, userId: bigint, id: string, client: Client): Promise<ApiKey> {
  const user = await userById(deps.db, userId);
  if (!user) throw new BizError(Err.LOGIN_REQUIRED);
  const [existing] = await deps.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .limit(1);
  if (!existing) throw new BizError(Err.RECORD_NOT_FOUND);
  if (existing.revokedAt) return keyView(existing, deps.ratePerMinute);
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: deps.clock.date() })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) return undefined; // revoked by a parallel request, which tells of it
    // its seen signatures guard against nothing any more: the key itself is refused
    await tx.delete(apiKeySignatures).where(eq(apiKeySignatures.keyId, id));
    const ev = await recordApiKeyEvent(tx, userId, 'api_key_revoked', {
      keyId: id,
      name: row.name,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { row, event: ev };
  });
  if (!done) return listApiKeys(deps, userId).then((rows) => rows.find((r) => r.id === id)!);
  await announceApiKeyEvent(deps, user, 'api_key_revoked', done.event, { keyId: id, name: done.row.name, ip: client.ip });
  return keyView(done.row, deps.ratePerMinute);
}
