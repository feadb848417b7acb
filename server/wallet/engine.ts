import type { FastifyInstance } from 'fastify';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';

/** How often stored files that no row names are looked for, besides once at start. */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * The wallet's background work: removing personal files (proofs, KYC images, attachments,
 * signatures) a crash left without their row (server/platform/blobs/files.ts), at start and then
 * hourly, on the instance that leads the job. Returns a stop function.
 */
export function startWalletEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'upload-sweep',
    tickMs: ORPHAN_SWEEP_EVERY_MS,
    run: async () => (await app.files.sweepOrphans()).length,
    worthLogging: (removed) => (removed as number) > 0,
  });
}
