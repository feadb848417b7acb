import type { ClientDomainManifest } from '../platform/domain.ts';
import { NftIcon } from '../../views/platform/components/Icons.tsx';
import { NFT_CHANGES } from './changes.ts';

/** Charity NFTs, sales, auctions, donations (docs/nfts.md). */
export default {
  name: 'nfts',
  routes: [
    { path: '/nfts', load: () => import('../../views/nfts/Nfts.tsx'), title: 'nav.nfts' },
    // one NFT and the public donation ledger (routes of our own: the published list has /nfts only);
    // the ledger before the pattern that would take it for an NFT's id
    { path: '/nfts/donations', load: () => import('../../views/nfts/Donations.tsx') },
    { path: '/nfts/:id', load: () => import('../../views/nfts/NftDetail.tsx') },
  ],
  destinations: [{ to: '/nfts', key: 'nav.nfts', Icon: NftIcon, place: 4 }],
  console: [
    {
      id: 'nfts',
      title: 'admin.sections.nfts',
      load: () => import('../../views/nfts/NftConsole.tsx').then((m) => ({ default: m.NftConsole })),
    },
  ],
  changes: NFT_CHANGES,
  keyRoot: 'nfts',
} as const satisfies ClientDomainManifest;
