import type { DomainManifest } from '../platform/domain.ts';
import { startMarketEngine } from './feed/engine.ts';
import { instrumentFrame } from './pageFrame.ts';
import market from './plugin.ts';
import marketRoutes from './routes.ts';
import { marketConfig } from './config.ts';
import { seedMarket } from './seed.ts';

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
  // the instrument page's first frame: the price the feed last set, with its time and source
  pageFrames: { '/cruuency': instrumentFrame },
  config: marketConfig,
  seed: seedMarket,
  openApiTags: [{ name: 'market', description: 'Instruments, prices and candles' }],
} as const satisfies DomainManifest;
