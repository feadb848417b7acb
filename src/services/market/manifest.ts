import type { ClientDomainManifest } from '../platform/domain.ts';
import { MarketIcon } from '../../views/platform/components/Icons.tsx';

/** Instruments, prices and candles (docs/market.md). */
export default {
  name: 'market',
  routes: [
    { path: '/market', load: () => import('../../views/market/Market.tsx'), title: 'market.title' },
    {
      path: '/cruuency',
      load: () => import('../../views/market/Currency.tsx'),
      // titled by the instrument's code
      titleFrom: (q) =>
        (q.get('code') ?? '')
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 20),
    },
  ],
  destinations: [{ to: '/market', key: 'nav.market', Icon: MarketIcon, place: 1 }],
  keyRoot: 'market',
  // the market is the same for every visitor, but the watchlist
  isPublic: ([, part]) => part !== 'watchlist',
} as const satisfies ClientDomainManifest;
