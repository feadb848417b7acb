import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ChainService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposits credited from the chain: addresses, the watcher, claims checked on the node (server/chain/service.ts). */
    chain: ChainService;
  }
}

/**
 * Plugin 'chain': decorates `app.chain` and puts each watched network's head, last processed block
 * and lag into /metrics. Its watcher is an engine (server/chain/engine.ts).
 */
async function chain(app: FastifyInstance) {
  const service = new ChainService(
    {
      db: app.db,
      bus: app.bus,
      log: app.log.child({ module: 'chain' }),
      clock: app.clock,
      payouts: () => (app.hasDecorator('wallet') ? app.wallet : undefined),
    },
    app.config.chain,
  );
  app.decorate('chain', service);
  const per = (pick: (r: { head: number | null; lastBlock: number; lag: number | null }) => number | null) => async () =>
    (await service.metricsReading()).flatMap((r) => {
      const value = pick(r);
      return value === null ? [] : [{ labels: { network: r.network }, value }];
    });
  app.metrics.gauge(
    'chain_head_block',
    "The node's latest block when the watcher last asked, per watched network",
    ['network'],
    per((r) => r.head),
  );
  app.metrics.gauge(
    'chain_last_processed_block',
    'The last block the watcher processed, per watched network',
    ['network'],
    per((r) => r.lastBlock),
  );
  app.metrics.gauge(
    'chain_lag_blocks',
    'Blocks between the head and the last processed block, per watched network',
    ['network'],
    per((r) => r.lag),
  );
}

export default fp(chain, { name: 'chain', dependencies: ['platform', 'ops'] });
