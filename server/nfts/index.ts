/**
 * The door of the nfts domain: what other domains may use of it. Everything else in server/nfts/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { ownedSalePrices } from './ownedBy.ts';
