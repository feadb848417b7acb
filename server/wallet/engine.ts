import type { FastifyInstance } from 'fastify';

/** How often proof files that no deposit names are looked for, besides once at start. */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * The wallet's background work: removing upload files a crash left without their deposit row
 * (server/uploads/store.ts), at start and then hourly. Returns a stop function.
 */
export async function startWalletEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  const sweep = async () => {
    try {
      const removed = await app.wallet.sweepOrphanProofs();
      if (removed > 0) app.log.warn({ removed }, 'removed proof files that no deposit names');
    } catch (err) {
      app.log.error({ err }, 'orphan proof sweep failed');
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), ORPHAN_SWEEP_EVERY_MS);
  timer.unref();
  return async () => clearInterval(timer);
}
