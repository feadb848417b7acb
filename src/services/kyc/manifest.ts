import type { ClientDomainManifest } from '../platform/domain.ts';
import { KYC_CHANGES } from './changes.ts';

/** Identity verification (docs/kyc.md). */
export default {
  name: 'kyc',
  // the form as steps, or the status
  routes: [{ path: '/profile/verification', load: () => import('../../views/kyc/Verification.tsx') }],
  console: [
    {
      id: 'kyc',
      title: 'kyc.admin.section',
      load: () => import('../../views/kyc/KycQueue.tsx').then((m) => ({ default: m.KycQueue })),
    },
  ],
  changes: KYC_CHANGES,
  keyRoot: 'kyc',
} as const satisfies ClientDomainManifest;
