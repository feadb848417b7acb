import type { FastifyInstance } from 'fastify';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';

/**
 * The daily snapshot of liabilities (docs/ledger.md, "Proof of liabilities") on the leader: each
 * run takes one when none was taken yet on the platform clock's day, so the first run after a
 * start catches up. A failed snapshot fails the run (the jobs board shows it) all that day.
 */
export function startProofEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'liabilities-snapshot',
    tickMs: app.config.proofTickMs ?? 60_000,
    run: () => app.proof.runDue(),
    worthLogging: (r) => (r as { taken: boolean }).taken,
  });
}
