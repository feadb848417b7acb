/**
 * Leader jobs: each runs on one instance at a time, the holder of its PostgreSQL advisory lock
 * (docs/deployment.md, "Jobs"). Each domain declares its jobs with their locks in its manifest
 * (server/<domain>/manifest.ts); server/domains.ts collects them and hands them to the jobs board
 * (`app.jobs`, board.ts), from which startLeaderJob (scheduler.ts) takes a job's lock by its name.
 * Two jobs on one lock would be a bug that only PostgreSQL shows (the second's election always
 * loses to the first): tests/unit/platform/domains.test.ts refuses a repeated lock or name.
 */
export interface JobDeclaration {
  /** The job's name: its logger's module, its row in platform_jobs, its metrics label. */
  readonly name: string;
  /** The PostgreSQL advisory lock whose holder runs it. */
  readonly lock: number;
  /** What it does, for the operator console. */
  readonly what: string;
}

/** Advisory locks held for something other than a job; a job may not take one of these either. */
export const OTHER_LOCKS = {
  /** Held while one instance applies the migrations (server/platform/db/client.ts). */
  migrations: 727_001,
} as const;

/** The lock ids that appear more than once over `jobs` and `other` (empty when the table is sound). */
export function repeatedLocks(jobs: readonly JobDeclaration[], other: Record<string, number> = OTHER_LOCKS): number[] {
  const all = [...jobs.map((j) => j.lock), ...Object.values(other)];
  return [...new Set(all.filter((l, i) => all.indexOf(l) !== i))];
}

/** The job names that appear more than once (empty when the table is sound). */
export function repeatedNames(jobs: readonly JobDeclaration[]): string[] {
  const names = jobs.map((j) => j.name);
  return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
}
