import { CHAIN_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import chainAdminRoutes from './adminRoutes.ts';
import { startChainEngine } from './engine.ts';
import chain from './plugin.ts';
import chainRoutes from './routes.ts';
import { chainConfigFragment } from './config.ts';

/** The reasons of its ledger transfers (their texts: the statement's `reasons`, every language). */
const ledgerReasons = ['chain.deposit'] as const;
declare module '../platform/ledger/reasons.ts' {
  interface LedgerReasons {
    chain: (typeof ledgerReasons)[number];
  }
}

/** Deposits credited from the chain: customers' own addresses, the block watcher, claims checked on the node (docs/wallet.md). */
export default {
  name: 'chain',
  plugins: [chain], // app.chain
  routes: [chainRoutes],
  adminRoutes: [chainAdminRoutes],
  jobs: [
    /** Follows each watched network block by block, credits at N confirmations (server/chain/watcher.ts). */
    { name: 'chain-watcher', lock: 727_081, what: 'chain deposits: follow blocks, reorganisations, credit at N confirmations' },
    /** Pays approved withdrawals through the signer, one nonce each, replaces stuck ones (server/chain/sender.ts). */
    { name: 'chain-payouts', lock: 727_082, what: 'chain payouts: sign through the signer, broadcast, replace stuck ones' },
    /** Collects deposit addresses over a threshold to the hot wallet through the signer (server/chain/sweeper.ts). */
    { name: 'chain-sweeps', lock: 727_083, what: 'chain sweeps: deposit addresses to the hot wallet, gas first for tokens' },
  ],
  engine: startChainEngine,
  events: CHAIN_EVENT_TEXTS,
  config: chainConfigFragment,
  ledgerReasons,
  keyRoot: 'chain',
} as const satisfies DomainManifest;
