import type { ClientDomainManifest } from '../platform/domain.ts';
import { WALLET_CHANGES } from './changes.ts';

/** Balances, deposits, withdrawals, notifications, and the console's queues and receive addresses (docs/wallet.md). */
export default {
  name: 'wallet',
  routes: [
    { path: '/profile/balance', load: () => import('../../views/wallet/Balance.tsx'), title: 'account.balance' },
    {
      path: '/profile/notification',
      load: () => import('../../views/wallet/Notifications.tsx'),
      title: 'account.notifications',
    },
  ],
  console: [
    {
      id: 'deposits',
      title: 'admin.sections.deposits',
      load: () => import('../../views/wallet/DepositsQueue.tsx').then((m) => ({ default: m.DepositsQueue })),
    },
    {
      id: 'withdrawals',
      title: 'admin.sections.withdrawals',
      load: () => import('../../views/wallet/WithdrawalsQueue.tsx').then((m) => ({ default: m.WithdrawalsQueue })),
    },
    {
      id: 'addresses',
      title: 'admin.sections.addresses',
      load: () => import('../../views/wallet/Addresses.tsx').then((m) => ({ default: m.Addresses })),
    },
  ],
  changes: WALLET_CHANGES,
  keyRoot: 'wallet',
} as const satisfies ClientDomainManifest;
