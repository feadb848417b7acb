import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per leader job (server/platform/jobs/registry.ts), shared by every instance: who leads
 * it and how its last run went, for /readyz and the operator console's Jobs section. Written by
 * the leading instance only; a leader that died keeps its row until another takes over (so
 * `updatedAt` says how fresh it is).
 */
export const platformJobs = pgTable('platform_jobs', {
  name: text().primaryKey(),
  /** The leading instance (hostname:pid:random), null when it let go and nobody has taken over yet. */
  instance: text(),
  leaderSince: timestamp({ withTimezone: true }),
  /** When the last run started. */
  lastRunAt: timestamp({ withTimezone: true }),
  lastDurationMs: integer(),
  /** The last run's failure, null when it succeeded. */
  lastError: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type PlatformJobRow = typeof platformJobs.$inferSelect;
