import type { FastifyInstance } from 'fastify';
import { electLeader, type Election } from '../market/leadership/leader.ts';

/** The advisory lock whose holder runs the auction scheduler. */
export const NFT_LEADER_LOCK = 727_031;

/**
 * The auction scheduler: opens auctions whose start has come and settles those that ended. On
 * PostgreSQL one instance runs it, the holder of an advisory lock (another takes over when it
 * goes); on PGlite this process. The first run after a start settles whatever ended meanwhile.
 * Runs never overlap; a second instance running anyway settles nothing twice (settle.ts).
 */
export async function startNftEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  const log = app.log.child({ module: 'nft-scheduler' });
  const tickMs = app.config.nftTickMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => app.nfts.runDue())
      .then((r) => { if (r.sold + r.unsold + r.opened > 0) log.info(r, 'NFT auctions opened or settled'); })
      .catch((err: unknown) => log.error({ err }, 'NFT auction run failed'));
    return running;
  };
  const start = async () => {
    if (timer) return;
    timer = setInterval(() => void run(), tickMs);
    timer.unref?.();
    app.nfts.schedulerRunning = true;
    await run();
  };
  const stop = async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    app.nfts.schedulerRunning = false;
    await running;
  };

  let election: Election | undefined;
  const pool = app.database.pool;
  if (pool) {
    election = await electLeader(pool, { key: NFT_LEADER_LOCK, retryMs: app.config.leaderRetryMs ?? 5000, onElected: start, onLost: stop, log });
  } else {
    await start();
  }
  return async () => {
    await election?.stop();
    await stop();
  };
}
