import { TRADING_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import tradingAdminRoutes from './adminRoutes.ts';
import { startTradingEngine } from './engine.ts';
import trading from './plugin.ts';
import tradingRoutes from './routes.ts';

/** The reasons of its ledger transfers (their texts: the statement's `reasons`, every language). */
const ledgerReasons = [
  'options.entry_hold',
  'options.entry_release',
  'options.margin',
  'options.fee',
  'options.margin_released',
  'options.loss',
  'options.profit',
] as const;
declare module '../platform/ledger/reasons.ts' {
  interface LedgerReasons {
    trading: (typeof ledgerReasons)[number];
  }
}

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
  ledgerReasons,
  openApiTags: [{ name: 'trading', description: 'Options positions and pending entry orders' }],
} as const satisfies DomainManifest;
