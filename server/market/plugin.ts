import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MarketService } from './service.ts';
import { feedFreshness } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Market data of this instance: quotes, candles, watchlists, priceOf/valueInUsdt/assertTradable. */
    market: MarketService;
  }
}

/**
 * Plugin 'market': decorates `app.market`, the one MarketService of this app, which every other
 * domain (wallet valuation, trading) reaches through the app it is given, never through a
 * process-wide instance: two apps in one process (the two-instance tests) each price with
 * their own. The service starts empty; seedMarket (seed.ts) lists the catalogue and loads it,
 * and the engine (feed/engine.ts, started by server/engines.ts) keeps it live.
 */
async function market(app: FastifyInstance) {
  const service = new MarketService(app);
  app.decorate('market', service);
  app.readiness.add('feed', () => feedFreshness(service));
  app.addHook('onClose', async () => service.close());
}

export default fp(market, { name: 'market', dependencies: ['platform', 'ops'] });
