import type { FastifyInstance } from 'fastify';
import { electLeader, type Election } from './market/leadership/leader.ts';

export interface LeaderJob {
  /** the logger's module name */
  name: string;
  /** the PostgreSQL advisory lock whose holder runs the job (one per job) */
  lock: number;
  tickMs: number;
  /** one run; resolves with what it did (logged when `worthLogging` says so) */
  run: () => Promise<unknown>;
  worthLogging?: (result: unknown) => boolean;
  /** told when this instance starts and stops running the job */
  onRunning?: (running: boolean) => void;
}

/**
 * A periodic job run by one instance: on PostgreSQL the holder of an advisory lock (another
 * instance takes over within the retry interval when it goes), on PGlite this process. It runs
 * once at start (catching up whatever fell due while nobody ran) and then every `tickMs`; runs
 * never overlap. Returns a stop function.
 */
export async function startLeaderJob(app: FastifyInstance, job: LeaderJob): Promise<() => Promise<void>> {
  const log = app.log.child({ module: job.name });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(job.run)
      .then((r) => { if (job.worthLogging?.(r)) log.info(r, `${job.name} run`); })
      .catch((err: unknown) => log.error({ err }, `${job.name} run failed`));
    return running;
  };
  const start = async () => {
    if (timer) return;
    timer = setInterval(() => void run(), job.tickMs);
    timer.unref?.();
    job.onRunning?.(true);
    await run();
  };
  const stop = async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    job.onRunning?.(false);
    await running;
  };
  let election: Election | undefined;
  const pool = app.database.pool;
  if (pool) {
    election = await electLeader(pool, { key: job.lock, retryMs: app.config.leaderRetryMs ?? 5000, onElected: start, onLost: stop, log });
  } else {
    await start();
  }
  return async () => {
    await election?.stop();
    await stop();
  };
}
