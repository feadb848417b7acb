import type { FastifyInstance } from 'fastify';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';

/**
 * The auction scheduler: opens auctions whose start has come and settles those that ended. On
 * PostgreSQL one instance runs it, the holder of its advisory lock (server/platform/jobs/registry.ts;
 * another takes over when it goes); on PGlite this process. The first run after a start settles
 * whatever ended meanwhile. Runs never overlap; a second instance running anyway settles nothing
 * twice (settle.ts).
 */
export function startNftEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'nft-auctions',
    tickMs: app.config.nftTickMs ?? 5_000,
    run: () => app.nfts.runDue(),
    worthLogging: (r) => {
      const x = r as { sold: number; unsold: number; opened: number };
      return x.sold + x.unsold + x.opened > 0;
    },
    onRunning: (on) => {
      app.nfts.schedulerRunning = on;
    },
  });
}
