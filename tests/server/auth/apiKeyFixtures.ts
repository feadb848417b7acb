/**
 * API key test fixtures: an Ed25519 key pair made as the browser or a user's tool would, its
 * registration through the real route, and requests signed with it (docs/api.md, "Authentication
 * with an API key"). A test may spoil any part of a signed request to see its refusal.
 */
import crypto from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { apiKeyIps, apiKeys, apiKeySignatures } from '../../../server/auth/apiKeys/schema.ts';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { rateCounters } from '../../../server/platform/db/rateCountersSchema.ts';
import { ledgerTransfers } from '../../../server/platform/ledger/schema.ts';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { optionsOrders } from '../../../server/trading/schema.ts';
import { withdrawals } from '../../../server/wallet/schema.ts';
import type { ApiKeyScope } from '../../../src/contract/apiKeys.ts';
import { body, rowCounts } from '../helpers.ts';
import type { TestUser } from '../wallet/walletFixtures.ts';

export interface KeyPair {
  /** the raw 32-byte public key in base64, as registered */
  publicKey: string;
  privateKey: crypto.KeyObject;
}

export function keyPair(): KeyPair {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  // an Ed25519 SPKI is 12 bytes of header and the 32 bytes of the key
  return { publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64'), privateKey };
}

export interface TestKey extends KeyPair {
  id: string;
}

/** Registers a key for `u` with its session; resolves with the key or the refusal's envelope. */
export async function createKey(
  app: FastifyInstance,
  u: TestUser,
  scopes: ApiKeyScope[],
  extra: { ips?: string[]; name?: string; pair?: KeyPair; headers?: Record<string, string> } = {},
) {
  const pair = extra.pair ?? keyPair();
  const payload = { name: extra.name ?? 'bot', publicKey: pair.publicKey, scopes, ...(extra.ips ? { ips: extra.ips } : {}) };
  const res = body(
    await app.inject({
      method: 'POST',
      url: '/swx/customer/user/apiKeys',
      headers: { authorization: u.token, 'x-forwarded-for': '198.51.100.1', ...extra.headers },
      payload,
    }),
  );
  return { res, key: { ...pair, id: res.result?.id as string } satisfies TestKey };
}

export interface Signed {
  payload?: unknown;
  /** the timestamp sent (default: the platform clock's now) */
  ts?: number | string;
  recvWindow?: string;
  ip?: string;
  book?: 'demo' | 'real';
  /** replaces the signature */
  signature?: string;
  /** signs this body instead of the one sent */
  signedBody?: string;
  headers?: Record<string, string>;
}

/** The headers and body of a request signed with `key`. */
export function signedRequest(now: number, key: TestKey, method: 'GET' | 'POST', url: string, s: Signed = {}) {
  const text = s.payload === undefined ? '' : JSON.stringify(s.payload);
  const ts = String(s.ts ?? now);
  const signature =
    s.signature ??
    crypto.sign(null, Buffer.from(`${ts}${method}${url}${s.signedBody ?? text}`), key.privateKey).toString('base64');
  return {
    method,
    url,
    ...(text ? { payload: text } : {}),
    headers: {
      'x-api-key': key.id,
      'x-api-timestamp': ts,
      'x-api-signature': signature,
      'x-forwarded-for': s.ip ?? '203.0.113.10',
      virtually: s.book === 'real' ? 'YES' : 'NO',
      ...(text ? { 'content-type': 'application/json' } : {}),
      ...(s.recvWindow ? { 'x-api-recv-window': s.recvWindow } : {}),
      ...s.headers,
    },
  };
}

export async function signed(app: FastifyInstance, key: TestKey, method: 'GET' | 'POST', url: string, s: Signed = {}) {
  const res = await app.inject(signedRequest(app.clock.now(), key, method, url, s));
  return { status: res.statusCode, ...body(res) };
}

/** Every table a signed request or its refusal could write, and the sum of all balances. */
export const keyCounts = (app: FastifyInstance) =>
  rowCounts(app, {
    apiKeys,
    apiKeyIps,
    apiKeySignatures,
    rateCounters,
    notifications,
    audit: auditLog,
    outbox,
    orders: optionsOrders,
    withdrawals,
    transfers: ledgerTransfers,
  });

/** The key rows' last use, which a refusal must not move either. */
export async function keyRows(app: FastifyInstance) {
  const rows = await app.db.select().from(apiKeys).orderBy(apiKeys.id);
  return { rows, n: Number((await app.db.select({ n: count() }).from(apiKeys))[0].n) };
}
