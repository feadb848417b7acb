import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { proofFilesKnown } from './deposits.ts';
import { WalletService } from './service.ts';
import { ledgerTransfersWritten } from '../platform/ledger/metrics.ts';

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
  app.metrics.gauge(
    'ledger_transfers',
    'Ledger transfers written over all instances (the highest transfer id: its rate() is the transfer rate; ids of rolled-back transactions count too)',
    [],
    () => ledgerTransfersWritten(app.db),
  );
}

export default fp(wallet, { name: 'wallet', dependencies: ['platform', 'ops', 'files', 'market'] });
