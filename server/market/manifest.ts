import type { DomainManifest } from '../platform/domain.ts';
import { startMarketEngine } from './feed/engine.ts';
import market from './plugin.ts';
import marketRoutes from './routes.ts';

/** The market: instruments, prices, candles, the price feed and its websocket (docs/market.md). */
export default {
  name: 'market',
  plugins: [market], // app.market
  routes: [marketRoutes],
  jobs: [
    /** Elected only with REDIS_URL, else every instance runs its own. */
    { name: 'market-feed', lock: 727_003, what: 'price feed: simulator or exchange, candles' },
  ],
  engine: startMarketEngine,
  keyRoot: 'market',
} as const satisfies DomainManifest;
