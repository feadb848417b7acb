import type { ClientDomainManifest } from '../platform/domain.ts';
import { TRADING_CHANGES } from './changes.ts';

/** Options positions and pending entry orders (docs/trading.md); the trade panel is on the instrument page. */
export default {
  name: 'trading',
  routes: [
    // options orders: the list and one order's receipt (routes of our own: the published list has none)
    { path: '/profile/orders', load: () => import('../../views/trading/OrdersScreen.tsx'), title: 'orders.allOrders' },
    { path: '/profile/orders/:id', load: () => import('../../views/trading/OrderScreen.tsx'), title: 'orders.allOrders' },
  ],
  console: [
    {
      id: 'exposure',
      title: 'admin.sections.exposure',
      load: () => import('../../views/trading/Exposure.tsx').then((m) => ({ default: m.Exposure })),
    },
  ],
  changes: TRADING_CHANGES,
  keyRoot: 'trading',
} as const satisfies ClientDomainManifest;
