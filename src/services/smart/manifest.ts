import type { ClientDomainManifest } from '../platform/domain.ts';
import { TradingIcon } from '../../views/platform/components/Icons.tsx';
import { SMART_CHANGES } from './changes.ts';

/** Smart plans and their yield reserve (docs/smart-plans.md). */
export default {
  name: 'smart',
  routes: [{ path: '/trading', load: () => import('../../views/smart/Trading.tsx'), title: 'nav.trading' }],
  destinations: [{ to: '/trading', key: 'nav.trading', tab: 'newuser.tabTrading', Icon: TradingIcon, place: 2 }],
  console: [
    {
      id: 'smart',
      title: 'admin.sections.smart',
      load: () => import('../../views/smart/SmartConsole.tsx').then((m) => ({ default: m.SmartConsole })),
    },
  ],
  changes: SMART_CHANGES,
  keyRoot: 'smart',
  isPublic: ([, part]) => part === 'products',
} as const satisfies ClientDomainManifest;
