import { bigserial, bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../platform/identity/schema.ts';

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text().notNull(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Last request seen; a session idle longer than `idleSeconds` ends (server/auth/sessions.ts). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    idleSeconds: integer().notNull().default(1800),
    /** "Remember me on this device": longer absolute and idle limits. */
    remember: boolean().notNull().default(false),
    ip: text(),
    userAgent: text(),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    /** normalised e-mail (lower case) or phone (+digits) */
    target: text().notNull(),
    purpose: text({ enum: ['register', 'login', 'reset'] }).notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_target').on(t.target, t.purpose), index('verification_codes_ip').on(t.ip, t.createdAt)],
);

/** Failed-login counters per key ("acct:<id>" or "ip:<addr>") that slow down guessing. */
/**
 * Devices that signed in to an account with its password (issue 25, OWASP's device cookies): the
 * cookie holds a random token, the table its SHA-256. Sign-in from such a device is throttled on
 * the device alone, so guesses from elsewhere cannot lock the owner out (server/auth/devices.ts).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text().primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId, t.lastUsedAt)],
);

export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A Google (OpenID Connect) sign-in in flight: what googleAuthUrl generated, checked and
 * deleted by loginByGoogle. Kept server-side so the browser holds nothing but `state`.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    state: text().primaryKey(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_logins_expires').on(t.expiresAt)],
);
