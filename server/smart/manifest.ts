import { SMART_EVENT_TEXTS } from '../../src/contract/userEventTexts.ts';
import type { DomainManifest } from '../platform/domain.ts';
import smartAdminRoutes from './adminRoutes.ts';
import { startSmartEngine } from './engine.ts';
import smart from './plugin.ts';
import smartRoutes from './routes.ts';
import { smartConfig } from './config.ts';

/** The reasons of its ledger transfers (their texts: the statement's `reasons`, every language). */
const ledgerReasons = [
  'smart.principal',
  'smart.yield_committed',
  'smart.yield',
  'smart.principal_returned',
  'smart.penalty',
  'smart.yield_released',
  'smart.reserve_funded',
  'smart.reserve_withdrawn',
] as const;
declare module '../platform/ledger/reasons.ts' {
  interface LedgerReasons {
    smart: (typeof ledgerReasons)[number];
  }
}

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
  config: smartConfig,
  seed: (app) => app.smart.seed(),
  ledgerReasons,
  openApiTags: [{ name: 'smart', description: 'Smart plans: fixed-term yield products' }],
} as const satisfies DomainManifest;
