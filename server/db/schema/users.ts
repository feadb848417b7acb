import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    username: text().notNull(),
    email: text(),
    /** E.164-style: area code digits + national number, e.g. "+4475..." */
    phone: text(),
    areaCode: text(),
    passwordHash: text(),
    role: text({ enum: ['customer', 'operator'] })
      .notNull()
      .default('customer'),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    inviteCode: text().notNull(),
    invitedBy: bigint({ mode: 'bigint' }),
    /** a state of src/machines/kyc.ts, moved only by server/kyc */
    kycStatus: text({ enum: ['none', 'pending', 'verified', 'rejected'] })
      .notNull()
      .default('none'),
    /** the reason of the last rejection, shown to the user while kycStatus is 'rejected' */
    kycRejectReason: text(),
    smartEnabled: boolean().notNull().default(true),
    googleSub: text(),
    language: text().notNull().default('en'),
    /** Last password change or reset: withdrawals wait a while after it (server/wallet/withdrawals.ts). */
    credentialsChangedAt: timestamp({ withTimezone: true }),
    /**
     * An operator added through the console: who proposed it and who confirmed the proposal
     * (server/admin/operatorTrust.ts keeps them apart from what touches these two). Null for the
     * operators from configuration and for customers.
     */
    createdBy: bigint({ mode: 'bigint' }),
    confirmedBy: bigint({ mode: 'bigint' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone').on(t.phone),
    uniqueIndex('users_invite_code').on(t.inviteCode),
    uniqueIndex('users_google_sub').on(t.googleSub),
    // the invite page lists who registered with a user's code
    index('users_invited_by').on(t.invitedBy),
  ],
);

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
 * Counters reserved atomically (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`), so parallel
 * requests cannot all pass a limit before any of them counts: `count` since `window_start`.
 * A row is also the lock that makes parallel code requests for one address take turns
 * (server/auth/codes.ts).
 */
export const rateCounters = pgTable('rate_counters', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Mail and SMS that were sent, or would have been without SMTP: operators read it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient').on(t.recipient, t.createdAt)],
);

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
