/**
 * The door of the reserves domain: what other domains may use of it. Everything else in server/reserves/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { currentHoldings, latestAttested, reserveWalletList } from './holdings.ts';
