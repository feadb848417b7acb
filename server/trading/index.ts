/**
 * The door of the trading domain: what other domains may use of it. Everything else in server/trading/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { tradingFeeCeiling } from './products.ts';
export { termsOfRow } from './view.ts';
export { openPositionsOf } from './positionsOf.ts';
