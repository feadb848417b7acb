import type { DomainManifest } from '../platform/domain.ts';
import portfolioRoutes from './plugin.ts';
import { startEquitySnapshots } from './snapshots.ts';

/** The portfolio: equity per book from what the other domains hold, and its daily history (docs/portfolio.md). */
export default {
  name: 'portfolio',
  routes: [portfolioRoutes],
  jobs: [
    /** One equity snapshot per user, book and day (server/portfolio/snapshots.ts). */
    { name: 'equity-snapshots', lock: 727_071, what: 'portfolio: daily equity snapshot per user and book' },
  ],
  engine: startEquitySnapshots,
  keyRoot: 'portfolio',
  openApiTags: [{ name: 'portfolio', description: 'Equity per book and its history' }],
} as const satisfies DomainManifest;
