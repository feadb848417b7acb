/**
 * The door of the market domain: what other domains may use of it. Everything else in server/market/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { type LiveQuote } from './quotes/state.ts';
export { type MarketService } from './service.ts';
export { storedPriceAt } from './storedPrice.ts';
