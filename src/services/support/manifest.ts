import type { ClientDomainManifest } from '../platform/domain.ts';
import { SUPPORT_CHANGES } from './changes.ts';

/** The support chat (docs/support.md). */
export default {
  name: 'support',
  // where the service button leads without an outside chat service
  routes: [{ path: '/support', load: () => import('../../views/support/Support.tsx') }],
  console: [
    {
      id: 'support',
      title: 'admin.sections.support',
      load: () => import('../../views/support/SupportConsole.tsx').then((m) => ({ default: m.SupportConsole })),
    },
  ],
  changes: SUPPORT_CHANGES,
  keyRoot: 'support',
} as const satisfies ClientDomainManifest;
