import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { proofFilesKnown } from './deposits.ts';
import { WalletService } from './service.ts';
import { ledgerTransfersWritten } from '../platform/ledger/metrics.ts';
import { headOf } from '../platform/ops/queueAges.ts';
import { queueTotal } from './queueCounts.ts';
import { deposits, withdrawals } from './schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Balances, deposits, withdrawals, statement and notifications (server/wallet/service.ts). */
    wallet: WalletService;
  }
}

/** Plugin 'wallet': decorates `app.wallet`. Values balances through `app.market`. */
async function wallet(app: FastifyInstance) {
  app.decorate(
    'wallet',
    new WalletService({
      db: app.db,
      config: app.config,
      bus: app.bus,
      log: app.log,
      market: app.market,
      clock: app.clock,
      files: app.files,
      reads: app.userReads,
      chain: () => (app.hasDecorator('chain') ? app.chain : undefined),
    }),
  );
  app.files.owner('proof', (keys) => proofFilesKnown(app.db, keys));
  // the operators' queues: their oldest pending item, counted from the kept totals (issue 42)
  for (const [queue, t] of [
    ['deposits', deposits],
    ['withdrawals', withdrawals],
  ] as const) {
    const head = { table: t, status: t.status, createdAt: t.createdAt };
    app.queueAges.declare(queue, () => headOf(app.db, head, 'pending', () => queueTotal(app.db, queue, { status: 'pending' })));
  }
  app.metrics.gauge(
    'ledger_transfers',
    'Ledger transfers written over all instances (the highest transfer id: its rate() is the transfer rate; ids of rolled-back transactions count too)',
    [],
    () => ledgerTransfersWritten(app.db),
  );
}

export default fp(wallet, { name: 'wallet', dependencies: ['platform', 'ops', 'files', 'market'] });
