import type { ClientDomainManifest } from '../platform/domain.ts';

/** Proof of liabilities beside the reserves (docs/ledger.md). */
export default {
  name: 'proof',
  // a route of our own: the published list has none
  routes: [{ path: '/proof', load: () => import('../../views/proof/ProofPage.tsx'), title: 'proof.title' }],
  footer: [{ to: '/proof', key: 'proof.title' }],
  keyRoot: 'proof',
} as const satisfies ClientDomainManifest;
