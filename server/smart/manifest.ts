import { SMART_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import smartAdminRoutes from './adminRoutes.ts';
import { startSmartEngine } from './engine.ts';
import smart from './plugin.ts';
import smartRoutes from './routes.ts';

/** Smart plans: fixed-term yield products and their reserve (docs/smart-plans.md). */
export default {
  name: 'smart',
  plugins: [smart], // app.smart
  routes: [smartRoutes],
  adminRoutes: [smartAdminRoutes],
  jobs: [
    /** Daily payouts and maturity (server/smart/engine.ts). */
    { name: 'smart-scheduler', lock: 727_011, what: 'smart plans: daily yield, maturity' },
  ],
  engine: startSmartEngine,
  events: SMART_EVENT_TEXTS,
  keyRoot: 'smart',
} as const satisfies DomainManifest;
