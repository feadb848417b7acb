import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TradingService } from './service.ts';
import { openPositionsByBook } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Options trading: products, positions, settlement, exposure (server/trading/service.ts). */
    trading: TradingService;
  }
}

/** Plugin 'trading': decorates `app.trading`. Its trigger engine runs on the leader (server/trading/engine.ts). */
async function trading(app: FastifyInstance) {
  app.decorate(
    'trading',
    new TradingService({
      db: app.db,
      bus: app.bus,
      log: app.log.child({ module: 'trading' }),
      market: app.market,
      reads: app.userReads,
      now: () => app.market.now(),
      maxOpenPositions: app.config.maxOpenPositions,
    }),
  );
  app.metrics.gauge('trading_open_positions', 'Open options positions over all instances, by book', ['book'], () =>
    openPositionsByBook(app.db),
  );
}

export default fp(trading, { name: 'trading', dependencies: ['platform', 'ops', 'market'] });
