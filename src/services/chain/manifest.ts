import type { ClientDomainManifest } from '../platform/domain.ts';
import { CHAIN_CHANGES } from './changes.ts';

/**
 * Deposits read from the chain (docs/wallet.md, "Deposits from the chain"): its customer parts live
 * in the wallet's deposit panel (through src/views/chain/index.ts); its console section is here.
 */
export default {
  name: 'chain',
  console: [
    {
      id: 'chain',
      title: 'admin.sections.chain',
      load: () => import('../../views/chain/ChainConsole.tsx').then((m) => ({ default: m.ChainConsole })),
    },
  ],
  changes: CHAIN_CHANGES,
  keyRoot: 'chain',
} as const satisfies ClientDomainManifest;
