import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/identity/schema.ts';
import { sessions } from '../schema.ts';

/**
 * An operator's review window (docs/security.md, "Review window"): one fresh second factor opens
 * it on one session, and the money reviews sent on that session until `ends_at`, each less than
 * the idle limit after the last, need no further code. Kept in the database so every instance
 * sees the same window; all times are the platform clock's. `closed_at` is set at sign-out.
 */
export const reviewWindows = pgTable(
  'review_windows',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    sessionId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => sessions.id),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    factor: text({ enum: ['totp', 'passkey'] }).notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** the last review inside it (the opening at first): the idle limit counts from here */
    lastReviewAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('review_windows_session').on(t.sessionId, t.endsAt)],
);
