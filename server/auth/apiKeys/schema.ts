import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/identity/schema.ts';

/**
 * API keys (docs/api.md, "Authentication with an API key"): the Ed25519 public keys customers
 * register, the addresses each key was used from, and the signatures seen within their window.
 */

/**
 * A key: its id (`ak_…`, what X-API-KEY carries), the raw 32-byte public key in base64 (never
 * anything that signs), its scopes and IP allowlist (addresses or CIDR ranges; empty: any).
 * Revoked keys stay, listed as revoked, so their id is never handed out again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text().primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    publicKey: text().notNull(),
    scopes: text().array().notNull(),
    ips: text().array().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUsedIp: text(),
  },
  (t) => [uniqueIndex('api_keys_public_key').on(t.publicKey), index('api_keys_user').on(t.userId)],
);

/** Each address a key was used from, with its first use: a new one is a security event. */
export const apiKeyIps = pgTable(
  'api_key_ips',
  {
    keyId: text()
      .notNull()
      .references(() => apiKeys.id),
    ip: text().notNull(),
    firstAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.ip] })],
);

/**
 * The signatures of accepted requests until their window ends (`expires_at`, the request's
 * timestamp plus its receive window): a second request with one of them is a replay. After
 * that the timestamp check refuses it anyway, so the row may go.
 */
export const apiKeySignatures = pgTable(
  'api_key_signatures',
  {
    keyId: text().notNull(),
    signature: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.signature] }), index('api_key_signatures_expires').on(t.keyId, t.expiresAt)],
);
