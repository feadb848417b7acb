/**
 * What other domains may use of the chain domain: this module only. The wallet asks it whether a
 * coin's network is watched and hands it a watched network's deposit claims (server/wallet).
 */
export type { ChainClaims } from './service.ts';
export type { ChainClaim } from './claims.ts';
export type { PayoutBook, PayoutProgress, QueuedPayout, SentPayout } from './payoutTracking.ts';
