import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** a state of src/machines/kyc/kyc.ts, moved only by server/kyc */
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
     * (server/platform/operators/operatorTrust.ts keeps them apart from what touches these two). Null for the
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
