import { NFT_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import nftAdminRoutes from './adminRoutes.ts';
import { startNftEngine } from './engine.ts';
import nfts from './plugin.ts';
import nftRoutes from './routes.ts';
import { nftsConfig } from './config.ts';

/** The reasons of its ledger transfers (their texts: the statement's `reasons`, every language). */
const ledgerReasons = ['nft.sale', 'nft.donation', 'nft.bid_held', 'nft.bid_released', 'charity.payout'] as const;
declare module '../platform/ledger/reasons.ts' {
  interface LedgerReasons {
    nfts: (typeof ledgerReasons)[number];
  }
}

/** Charity NFTs: buy-now sales and auctions, donations (docs/nfts.md). */
export default {
  name: 'nfts',
  plugins: [nfts], // app.nfts
  routes: [nftRoutes],
  adminRoutes: [nftAdminRoutes],
  jobs: [
    /** Auctions opening and settling (server/nfts/engine.ts); it once shared the loans lock and never ran on PostgreSQL. */
    { name: 'nft-auctions', lock: 727_041, what: 'NFT auctions: open, settle, refund' },
  ],
  engine: startNftEngine,
  events: NFT_EVENT_TEXTS,
  keyRoot: 'nfts',
  config: nftsConfig,
  seed: (app) => app.nfts.seed(),
  ledgerReasons,
  openApiTags: [{ name: 'nfts', description: 'Charity NFTs: sales, auctions, donations' }],
} as const satisfies DomainManifest;
