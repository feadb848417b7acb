import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { electLeader, type Election } from './election.ts';
import { wallClockMs } from '../clock.ts';

/** What a running job may tell the scheduler. */
export interface JobContext {
  /** The job's logger (module: its name). */
  log: FastifyBaseLogger;
  /** A job that runs on its own beat (lead/follow) reports each run, for the jobs table and the metrics. */
  ran(startedAt: number, durationMs: number, err?: unknown): void;
}

interface JobCommon {
  /** Its name as its domain's manifest declares it with its lock (server/<domain>/manifest.ts). */
  name: string;
  /** Whether instances elect a leader (default: on PostgreSQL). False: this instance runs it whatever others do. */
  elect?: boolean;
  /** Told when this instance starts and stops running the job. */
  onRunning?: (running: boolean) => void;
}

/** A job run every `tickMs`: once at start (catching up whatever fell due while nobody ran), then on the beat; runs never overlap. */
export interface PeriodicJob extends JobCommon {
  tickMs: number;
  /** One run; resolves with what it did (logged when `worthLogging` says so). */
  run: () => Promise<unknown>;
  worthLogging?: (result: unknown) => boolean;
}

/** A job that keeps its own beat while it leads (the feed, the trigger engine): started and stopped. */
export interface RoleJob extends JobCommon {
  lead: (ctx: JobContext) => Promise<void>;
  follow: () => Promise<void>;
}

export type LeaderJob = PeriodicJob | RoleJob;

/** The bus channel on which an instance that gives a job up says so, so another takes it at once. */
export const RELEASED_CHANNEL = 'jobs:released';

/**
 * Starts a job on the instance that leads it: on PostgreSQL the holder of the job's advisory lock
 * (declared with it by its domain; another instance takes over within the retry interval when it
 * goes, at once when it gives the job up on shutdown), on PGlite this process. A job no domain
 * declares does not start. Records who leads it and each run in the jobs table (board.ts).
 * Returns a stop function, which gives leadership up.
 */
export async function startLeaderJob(app: FastifyInstance, job: LeaderJob): Promise<() => Promise<void>> {
  const { name } = job;
  const board = app.jobs;
  const { lock } = board.declaration(name);
  const log = app.log.child({ module: name });
  const ctx: JobContext = {
    log,
    ran: (startedAt, durationMs, err) => void board.ran(name, startedAt, durationMs, err),
  };
  let started = false;
  let periodic: { timer?: NodeJS.Timeout; running: Promise<unknown> } | undefined;

  const runOnce = (p: PeriodicJob, state: { running: Promise<unknown> }) => {
    state.running = state.running.then(async () => {
      const at = wallClockMs();
      const t0 = performance.now();
      try {
        const r = await p.run();
        if (p.worthLogging?.(r)) log.info(r, `${name} run`);
        await board.ran(name, at, performance.now() - t0);
      } catch (err) {
        log.error({ err }, `${name} run failed`);
        await board.ran(name, at, performance.now() - t0, err);
      }
    });
    return state.running;
  };

  const start = async () => {
    if (started) return;
    started = true;
    await board.elected(name);
    job.onRunning?.(true);
    if ('run' in job) {
      const state: { timer?: NodeJS.Timeout; running: Promise<unknown> } = { running: Promise.resolve() };
      periodic = state;
      state.timer = setInterval(() => void runOnce(job, state), job.tickMs);
      state.timer.unref?.();
      await runOnce(job, state);
    } else {
      await job.lead(ctx);
    }
  };
  const stop = async () => {
    if (!started) return;
    started = false;
    if (periodic) {
      clearInterval(periodic.timer);
      await periodic.running;
      periodic = undefined;
    } else if (!('run' in job)) {
      await job.follow();
    }
    job.onRunning?.(false);
    await board.released(name);
  };

  let election: Election | undefined;
  let unsubscribe: (() => void) | undefined;
  const pool = app.database.pool;
  if (pool && (job.elect ?? true)) {
    election = await electLeader(pool, {
      key: lock,
      retryMs: app.config.leaderRetryMs ?? 5000,
      onElected: start,
      onLost: stop,
      log,
    });
    const e = election;
    unsubscribe = app.bus.subscribe(RELEASED_CHANNEL, (msg) => {
      if (msg === name) e.nudge();
    });
  } else {
    await start();
  }
  return async () => {
    unsubscribe?.();
    const led = election?.isLeader() ?? false;
    await election?.stop();
    await stop();
    if (led) {
      log.info('gave leadership up');
      await app.bus.publish(RELEASED_CHANNEL, name).catch(() => {});
    }
  };
}
