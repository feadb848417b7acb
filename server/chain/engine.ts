import type { FastifyInstance } from 'fastify';
import { monotonicMs } from '../platform/clock.ts';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';

/** The longest the watcher waits after failures before asking the node again. */
const MAX_BACKOFF_MS = 60_000;
/** How often the job runs when no network is watched (it does nothing, but shows it ran on the board). */
const IDLE_TICK_MS = 60_000;

/**
 * The chain watcher (server/chain/watcher.ts) on the instance that leads `chain-watcher`: on its
 * beat it follows every watched network. After a failed run (the node down or answering errors) it
 * waits twice as long each time, up to a minute, before asking again; each failure shows on the
 * jobs board and in the network's last error, and the next good run catches up from the cursor.
 */
export async function startChainEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  const stopWatcher = await startWatcher(app);
  const stopSender = await startSender(app);
  const stopSweeps = await startSweeps(app);
  return async () => {
    await stopSweeps();
    await stopSender();
    await stopWatcher();
  };
}

/**
 * The payouts' sender (server/chain/sender.ts) on the instance that leads `chain-payouts`: one
 * sender per hot wallet across instances. A failed run (the node, the signer refusing) shows on
 * the jobs board and is tried again on the next beat; nothing it recorded is lost.
 */
function startSender(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'chain-payouts',
    tickMs: app.chain.sends() ? (app.chain.tickMs() ?? IDLE_TICK_MS) : IDLE_TICK_MS,
    run: () => app.chain.sendOnce(),
    worthLogging: (r) => Array.isArray(r) && r.some((x: { sent: number; replaced: number }) => x.sent + x.replaced > 0),
  });
}

/**
 * Sweeps (server/chain/sweeper.ts) on the instance that leads `chain-sweeps`: deposit addresses
 * collected to the hot wallet once a coin reaches its threshold. A failed run shows on the board
 * and the next one resumes what was recorded.
 */
function startSweeps(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'chain-sweeps',
    tickMs: app.chain.sweeps() ? (app.chain.tickMs() ?? IDLE_TICK_MS) : IDLE_TICK_MS,
    run: () => app.chain.sweepOnce(),
    worthLogging: (r) =>
      Array.isArray(r) &&
      r.some((x: { started: number; moved: number; confirmed: number }) => x.started + x.moved + x.confirmed > 0),
  });
}

function startWatcher(app: FastifyInstance): Promise<() => Promise<void>> {
  const tickMs = app.chain.tickMs() ?? IDLE_TICK_MS;
  let failures = 0;
  let notBefore = 0;
  return startLeaderJob(app, {
    name: 'chain-watcher',
    tickMs,
    run: async () => {
      if (monotonicMs() < notBefore) return { waiting: true };
      try {
        const results = await app.chain.watchOnce();
        failures = 0;
        return results;
      } catch (err) {
        failures++;
        notBefore = monotonicMs() + Math.min(MAX_BACKOFF_MS, tickMs * 2 ** (failures - 1));
        throw err;
      }
    },
    worthLogging: (r) =>
      Array.isArray(r) && r.some((x: { found: number; reorgs: number; credited: number }) => x.found + x.reorgs + x.credited > 0),
  });
}
