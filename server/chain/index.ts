/**
 * What other domains may use of the chain domain: this module only. The wallet asks it whether a
 * coin's network is watched and hands it a watched network's deposit claims (server/wallet); the
 * proof reads the platform's recorded wallets' balances at a block (server/proof/reserves).
 */
export type { ChainClaims } from './service.ts';
export type { ChainClaim } from './claims.ts';
export type { PayoutBook, PayoutProgress, QueuedPayout, SentPayout } from './payoutBook.ts';
export { balancesAtBlock, type BalancesAtBlock, type WalletToRead } from './balances.ts';
export type { EvmWatchConfig } from './config.ts';
