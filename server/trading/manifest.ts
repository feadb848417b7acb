import { TRADING_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import tradingAdminRoutes from './adminRoutes.ts';
import { startTradingEngine } from './engine.ts';
import trading from './plugin.ts';
import tradingRoutes from './routes.ts';

/** Options positions and pending entry orders (docs/trading.md). */
export default {
  name: 'trading',
  plugins: [trading], // app.trading
  routes: [tradingRoutes],
  adminRoutes: [tradingAdminRoutes],
  jobs: [
    /** Take-profit, stop-loss, stop-out and period ends on every feed step (server/trading/engine.ts); it also watches the price alerts. */
    { name: 'trading-triggers', lock: 727_021, what: 'options: triggers and expiry on every feed step' },
  ],
  // after the market's: it listens to the feed steps
  engine: startTradingEngine,
  events: TRADING_EVENT_TEXTS,
  keyRoot: 'trading',
} as const satisfies DomainManifest;
