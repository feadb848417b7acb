import os from 'node:os';
import crypto from 'node:crypto';
import { eq, and, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { platformJobs, type PlatformJobRow } from './schema.ts';
import type { JobStatus } from '../../../src/contract/ops.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { JobDeclaration } from './registry.ts';
import { wallClockMs } from '../clock.ts';

/** Writes of routine runs are spaced this far apart per job (a failure, or its end, is written at once). */
const RUN_WRITE_EVERY_MS = 5000;
/** A status write that has not finished by then is abandoned: the job must not wait on a sick database. */
const WRITE_TIMEOUT_MS = 3000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Who leads each job and how its last run went (`app.jobs`): kept here for this instance's
 * metrics and written to platform_jobs for every instance to read. A write that fails is
 * logged and dropped; the job carries on.
 */
export class JobBoard {
  /** This process among the instances: hostname:pid, and a random part because tests run several apps in one process. */
  readonly instanceId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private readonly leading = new Set<string>();
  private readonly lastWrite = new Map<string, { at: number; failed: boolean }>();

  /** `jobs`: every domain's, in the order of server/domains.ts (the operator console lists them so). */
  constructor(
    private readonly db: Db,
    private readonly metrics: Metrics,
    private readonly log: FastifyBaseLogger,
    readonly jobs: readonly JobDeclaration[],
  ) {
    for (const j of jobs) metrics.jobLeader.set({ job: j.name }, 0);
  }

  /** The declaration of a job (its lock); a job no domain declares may not start. */
  declaration(name: string): JobDeclaration {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`job ${name} is not declared by any domain (server/<domain>/manifest.ts)`);
    return job;
  }

  isLeading(name: string): boolean {
    return this.leading.has(name);
  }

  /** This instance has started running the job. */
  async elected(name: string): Promise<void> {
    this.leading.add(name);
    this.metrics.jobLeader.set({ job: name }, 1);
    const now = new Date(wallClockMs());
    await this.write(name, () =>
      this.db
        .insert(platformJobs)
        .values({ name, instance: this.instanceId, leaderSince: now, updatedAt: now })
        .onConflictDoUpdate({ target: platformJobs.name, set: { instance: this.instanceId, leaderSince: now, updatedAt: now } }),
    );
  }

  /** This instance has stopped running the job (lost or gave up its lock): the row says nobody leads, unless another took it already. */
  async released(name: string): Promise<void> {
    this.leading.delete(name);
    this.metrics.jobLeader.set({ job: name }, 0);
    await this.write(name, () =>
      this.db
        .update(platformJobs)
        .set({ instance: null, leaderSince: null, updatedAt: new Date(wallClockMs()) })
        .where(and(eq(platformJobs.name, name), eq(platformJobs.instance, this.instanceId))),
    );
  }

  /** One run of the job ended (started at `startedAt`, wall clock). */
  async ran(name: string, startedAt: number, durationMs: number, err?: unknown): Promise<void> {
    const failed = err !== undefined;
    this.metrics.jobRuns.inc({ job: name, outcome: failed ? 'failed' : 'ok' });
    this.metrics.jobLastRun.set({ job: name }, startedAt / 1000);
    this.metrics.jobDuration.set({ job: name }, durationMs / 1000);
    const last = this.lastWrite.get(name);
    const now = wallClockMs();
    if (last && !failed && !last.failed && now - last.at < RUN_WRITE_EVERY_MS) return;
    this.lastWrite.set(name, { at: now, failed });
    const error = failed ? (err instanceof Error ? err.message : String(err)).slice(0, 500) : null;
    const set = {
      instance: this.instanceId,
      lastRunAt: new Date(startedAt),
      lastDurationMs: Math.round(durationMs),
      lastError: error,
      updatedAt: new Date(now),
    };
    await this.write(name, () =>
      this.db
        .insert(platformJobs)
        .values({ name, leaderSince: new Date(now), ...set })
        .onConflictDoUpdate({
          target: platformJobs.name,
          // a run of an instance that just lost the job must not claim it back from the new leader
          set,
          where: sql`${platformJobs.instance} is null or ${platformJobs.instance} = ${this.instanceId}`,
        }),
    );
  }

  /** Every registered job with its shared row (a job never run has none yet); `here`: this instance leads it. */
  async list(): Promise<JobStatus[]> {
    const rows = await this.db.select().from(platformJobs);
    const byName = new Map<string, PlatformJobRow>(rows.map((r) => [r.name, r]));
    return this.jobs.map((j) => {
      const r = byName.get(j.name);
      return {
        name: j.name,
        what: j.what,
        lock: j.lock,
        instance: r?.instance ?? null,
        leaderSince: iso(r?.leaderSince ?? null),
        lastRunAt: iso(r?.lastRunAt ?? null),
        lastDurationMs: r?.lastDurationMs ?? null,
        lastError: r?.lastError ?? null,
        updatedAt: iso(r?.updatedAt ?? null),
        here: this.leading.has(j.name),
      };
    });
  }

  private async write(name: string, query: () => PromiseLike<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        query(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('job status write timed out')), WRITE_TIMEOUT_MS))),
      ]);
    } catch (err) {
      this.log.warn({ err, job: name }, 'recording the job status failed');
    } finally {
      clearTimeout(timer);
    }
  }
}
