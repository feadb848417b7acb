import type { DomainManifest } from '../platform/domain.ts';
import { proofConfig } from './config.ts';
import { startProofEngine } from './engine.ts';
import proof from './plugin.ts';
import proofRoutes, { proofAdmin } from './routes.ts';
import reserveAdminRoutes from './reserves/routes.ts';

/**
 * Proof of liabilities and reserves: the daily Merkle sum tree of customers' balances (docs/ledger.md),
 * and the platform's declared and attested holdings beside them (operator routes).
 */
export default {
  name: 'proof',
  plugins: [proof], // app.proof
  routes: [proofRoutes],
  adminRoutes: [proofAdmin, reserveAdminRoutes],
  jobs: [
    /** The daily snapshot of customers' real-book balances (server/proof/engine.ts). */
    { name: 'liabilities-snapshot', lock: 727_061, what: 'proof of liabilities: daily snapshot, Merkle sum tree' },
  ],
  engine: startProofEngine,
  config: proofConfig,
  keyRoot: 'proof',
  openApiTags: [
    { name: 'proof', description: "Proof of liabilities: the published Merkle sum tree and a customer's inclusion proof" },
  ],
} as const satisfies DomainManifest;
