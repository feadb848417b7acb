import type { FastifyInstance } from 'fastify';
import { electLeader, type Election } from '../market/leadership/leader.ts';

/** The advisory lock whose holder runs the payout scheduler (the market feed holds another). */
export const SMART_LEADER_LOCK = 727_011;

/**
 * The payout scheduler. On PostgreSQL one instance runs it, the holder of an advisory lock
 * (another takes over when it goes); on PGlite this process. Each run settles every plan with a
 * day due, so the first run after a start catches up whatever fell due while nobody ran. Runs
 * never overlap; a second instance running anyway could not pay a day twice (payouts.ts).
 */
export async function startSmartEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  const log = app.log.child({ module: 'smart-scheduler' });
  const tickMs = app.config.smartTickMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => app.smart.runDue())
      .then((r) => { if (r.payouts > 0) log.info(r, 'smart plan payouts made'); })
      .catch((err: unknown) => log.error({ err }, 'smart plan payout run failed'));
    return running;
  };
  const start = async () => {
    if (timer) return;
    timer = setInterval(() => void run(), tickMs);
    timer.unref?.();
    app.smart.schedulerRunning = true;
    await run();
  };
  const stop = async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    app.smart.schedulerRunning = false;
    await running;
  };

  let election: Election | undefined;
  const pool = app.database.pool;
  if (pool) {
    election = await electLeader(pool, { key: SMART_LEADER_LOCK, retryMs: app.config.leaderRetryMs ?? 5000, onElected: start, onLost: stop, log });
  } else {
    await start();
  }
  return async () => {
    await election?.stop();
    await stop();
  };
}
