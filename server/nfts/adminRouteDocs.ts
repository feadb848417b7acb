/**
 * What the charity NFTs' operator routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  createNft: {
    operationId: 'createNft',
    summary: 'List a new charity NFT (audited); the donation share and charity are fixed now',
    description: 'Lists a new charity NFT for sale or auction (audited); its donation share and charity are fixed from now on.',
    refusals: [Err.NFT_LISTING_INVALID],
  },
  createCharityPayout: {
    operationId: 'createCharityPayout',
    summary: 'Record a payout to the charity: a ledger transfer out of the charity account (audited)',
    description: 'Records a payout made to the charity, with its transaction hash (audited).',
    refusals: [
      Err.AMOUNT_INVALID,
      Err.CHARITY_PAYOUT_TOO_LARGE,
      Err.TX_HASH_USED,
      Err.OPERATOR_AMOUNT_ABOVE_MAX,
      Err.OPERATOR_AMOUNT_PRECISION,
    ],
    moves: 'one ledger transfer out of the charity account to the payout account, with the audit record.',
  },
} as const satisfies Record<string, RouteDoc>;
