import type { FastifyInstance } from 'fastify';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';

/**
 * The payout scheduler. On PostgreSQL one instance runs it, the holder of its advisory lock (server/platform/jobs/registry.ts)
 * (another takes over when it goes); on PGlite this process. Each run settles every plan with a
 * day due, so the first run after a start catches up whatever fell due while nobody ran. Runs
 * never overlap; a second instance running anyway could not pay a day twice (payouts.ts).
 */
export function startSmartEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'smart-scheduler',
    tickMs: app.config.smartTickMs ?? 15_000,
    run: () => app.smart.runDue(),
    worthLogging: (r) => (r as { payouts: number }).payouts > 0,
    onRunning: (on) => {
      app.smart.schedulerRunning = on;
    },
  });
}
