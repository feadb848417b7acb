/**
 * Operations contract (docs/deployment.md): the jobs table and the readiness answer. Shared by
 * browser (operator console, Jobs section) and server. TypeBox only.
 */
import { Type, type Static } from 'typebox';

/** One leader job as every instance sees it (the shared platform_jobs row). */
export const JobStatus = Type.Object({
  name: Type.String(),
  what: Type.String(),
  lock: Type.Integer(),
  /** The leading instance (hostname:pid:random), null when none holds it. */
  instance: Type.Union([Type.String(), Type.Null()]),
  leaderSince: Type.Union([Type.String(), Type.Null()]),
  /** When the last run started. */
  lastRunAt: Type.Union([Type.String(), Type.Null()]),
  lastDurationMs: Type.Union([Type.Integer(), Type.Null()]),
  /** The last run's failure; null when it succeeded. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  /** The instance that answered leads it. */
  here: Type.Boolean(),
});
export type JobStatus = Static<typeof JobStatus>;

/** GET /admin-api/jobs */
export const JobsAnswer = Type.Object({
  /** The instance that answered. */
  instance: Type.String(),
  jobs: Type.Array(JobStatus),
});
export type JobsAnswer = Static<typeof JobsAnswer>;

/** One readiness check: ok, or why not. */
export const ReadyCheck = Type.Object({ ok: Type.Boolean(), detail: Type.Optional(Type.String()) });

/** GET /readyz: 200 when every check passes, 503 otherwise (the body says which failed). */
export const Readiness = Type.Object({
  ready: Type.Boolean(),
  instance: Type.String(),
  /** database, redis, migrations, accepting (false while draining on shutdown), and the domains' (feed). */
  checks: Type.Record(Type.String(), ReadyCheck),
  /** The jobs table; empty when the database cannot be read. */
  jobs: Type.Array(JobStatus),
});
export type Readiness = Static<typeof Readiness>;
