import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema.ts';

/** The anti-phishing phrase every mail to the user carries (server/platform/mail/antiPhishing.ts). */
export const antiPhishingPhrases = pgTable('anti_phishing_phrases', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  phrase: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
