import { bigserial, bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/identity/schema.ts';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238; server/auth/twofactor). One row per
 * user: the secret sealed with the documents key (never in clear), `enabledAt` null while the
 * enrolment waits for its confirming code, and the last time step a code was accepted at, moved
 * forward atomically so a code works once (docs/security.md, "Two-factor sign-in").
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  secretSealed: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastStep: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time recovery codes, ten per enrolment, shown once. `lookup` (the code's first four
 * characters) finds the row; the whole code is kept only as an argon2id hash; `usedAt` spends it.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    lookup: text().notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.lookup)],
);

/**
 * The second step of a sign-in: a right password with two-factor on gives a short-lived
 * challenge (its SHA-256 here), not a session; the code turns it into one, once.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text().primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    remember: boolean().notNull().default(false),
    /** on the platform clock */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);
