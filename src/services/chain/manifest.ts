import type { ClientDomainManifest } from '../platform/domain.ts';
import { CHAIN_CHANGES } from './changes.ts';

/** Deposits read from the chain (docs/wallet.md, "Deposits from the chain"); its screens are still to come. */
export default {
  name: 'chain',
  changes: CHAIN_CHANGES,
} as const satisfies ClientDomainManifest;
