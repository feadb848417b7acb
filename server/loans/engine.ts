import type { FastifyInstance } from 'fastify';
import { startLeaderJob } from '../platform/jobs/scheduler.ts';

/**
 * The loans scheduler (docs/loans.md) on the leader: accrues every day due (so the first run after
 * a start catches up whatever fell due while nobody ran), marks loans overdue and watches LTVs.
 * A second instance running anyway would find nothing left to do (engineRun.ts).
 */
export function startLoansEngine(app: FastifyInstance): Promise<() => Promise<void>> {
  return startLeaderJob(app, {
    name: 'loans-scheduler',
    tickMs: app.config.loansTickMs ?? 15_000,
    run: () => app.loans.runDue(),
    worthLogging: (r) => {
      const x = r as { accrued: number; warnings: number; liquidations: number };
      return x.accrued + x.warnings + x.liquidations > 0;
    },
    onRunning: (on) => {
      app.loans.schedulerRunning = on;
    },
  });
}
