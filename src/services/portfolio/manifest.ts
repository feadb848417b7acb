import type { ClientDomainManifest } from '../platform/domain.ts';

/** Equity per book and its daily history (docs/portfolio.md). */
export default {
  name: 'portfolio',
  // everything the user owns in the selected book, with its equity history
  routes: [{ path: '/profile/portfolio', load: () => import('../../views/portfolio/Portfolio.tsx') }],
  keyRoot: 'portfolio',
} as const satisfies ClientDomainManifest;
