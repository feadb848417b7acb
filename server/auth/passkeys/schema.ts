import { bigserial, bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/identity/schema.ts';

/**
 * Account protection beyond the password (issue 29): passkeys, the WebAuthn challenges in
 * flight, and the withdrawal address allowlist. Withdrawal limits need no table of their own:
 * they sum `withdrawals.value_usdt` (docs/wallet.md, "Withdrawal limits").
 */

/**
 * A passkey (WebAuthn credential) registered to an account (server/auth/passkeys/passkeys.ts). The
 * credential id and public key are base64url text; `counter` is the authenticator's signature
 * counter, which must grow on every use unless it stays 0 (synced passkeys).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    credentialId: text().notNull(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    /** the WebAuthn user handle the authenticator keeps with a discoverable credential (one per account) */
    userHandle: text().notNull(),
    transports: text().array().notNull().default([]),
    deviceType: text({ enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean().notNull().default(false),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id').on(t.credentialId), index('passkeys_user').on(t.userId)],
);

/**
 * A WebAuthn challenge handed out and not yet answered: deleted by its first answer (single use)
 * and worthless after `expires_at` (the platform clock's time). `user_id` is the account that
 * registers a passkey; null for a sign-in, where the passkey names the account.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    purpose: text({ enum: ['register', 'login', 'review'] }).notNull(),
    userId: bigint({ mode: 'bigint' }),
    /** for a registration: the user handle the options gave the authenticator (base64url), kept with the passkey */
    userHandle: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires').on(t.expiresAt)],
);
