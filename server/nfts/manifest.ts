import { NFT_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import nftAdminRoutes from './adminRoutes.ts';
import { startNftEngine } from './engine.ts';
import nfts from './plugin.ts';
import nftRoutes from './routes.ts';

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
} as const satisfies DomainManifest;
