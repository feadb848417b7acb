import type { FastifyInstance } from 'fastify';
import { startLeaderJob } from '../scheduler.ts';

/** The advisory lock whose holder runs the payout scheduler (the market feed holds another). */
export const SMART_LEADER_LOCK = 727_011;

/**
 * The payout scheduler. On PostgreSQL one instance runs it, the holder of an advisory lock
 * (another takes over when it goes); on PGlite this process. Each run settles every plan with a
 * day due, so the first run after a start catches up whatever fell due while nobody ran. Runs
 * never overlap; a second instance running anyway could not pay a day twice (payouts.ts).
 */
export function startSmartEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'smart-scheduler', lock: SMART_LEADER_LOCK, tickMs: app.config.smartTickMs ?? 15_000,
    run: () => app.smart.runDue(),
    worthLogging: (r) => (r as { payouts: number }).payouts > 0,
    onRunning: (on) => { app.smart.schedulerRunning = on; },
  });
}
