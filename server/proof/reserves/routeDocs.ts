/**
 * What the reserve records' operator routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../../src/contract/errors.ts';
import type { RouteDoc } from '../../platform/http/routeSchema.ts';

export const DOCS = {
  listReserves: {
    operationId: 'listReserves',
    summary: "The platform's wallets and current holdings per asset",
    description: "The platform's wallets and the current holdings per asset, with their attestations.",
    refusals: [],
  },
  createReserveWallet: {
    operationId: 'createReserveWallet',
    summary: 'Record a platform wallet address (audited)',
    description: 'Records a platform wallet address for an asset and network (audited).',
    refusals: [Err.RESERVE_ADDRESS_INVALID, Err.RESERVE_ADDRESS_EXISTS],
  },
  recordReserveHoldings: {
    operationId: 'recordReserveHoldings',
    summary:
      'Record the holdings of an asset as counted at asOf (audited): attested with attestor and reportRef, else declared only',
    description:
      'Records the holdings of an asset as counted at `asOf` (audited): attested per wallet, shown beside the liabilities in the proof.',
    refusals: [Err.RESERVE_AS_OF_FUTURE, Err.RESERVE_ATTESTATION_INCOMPLETE, Err.AMOUNT_INVALID],
  },
} as const satisfies Record<string, RouteDoc>;
