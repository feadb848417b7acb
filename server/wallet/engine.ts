import type { FastifyInstance } from 'fastify';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';

/** How often proof files that no deposit names are looked for, besides once at start. */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * The wallet's background work: removing upload files a crash left without their deposit row
 * (server/uploads/store.ts), at start and then hourly, on the instance that leads the job.
 * Returns a stop function.
 */
export function startWalletEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'upload-sweep', tickMs: ORPHAN_SWEEP_EVERY_MS,
    run: () => app.wallet.sweepOrphanProofs(),
    worthLogging: (removed) => (removed as number) > 0,
  });
}
