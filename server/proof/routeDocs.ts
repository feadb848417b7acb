/**
 * What the proof of liabilities' routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  getProof: {
    operationId: 'getProof',
    summary:
      "The latest proof of liabilities: snapshot time, Merkle root, totals per asset beside the platform's holdings and wallets (public)",
    description:
      'The latest published proof of liabilities: the snapshot time, the Merkle root, the totals per asset and the reserves attested against them.',
    refusals: [Err.PROOF_NO_SNAPSHOT],
  },
  getMyProof: {
    operationId: 'getMyProof',
    summary:
      'My inclusion proof in the latest snapshot (real book): leaf, salt, path with sums; verify it with `npm run verify-proof`',
    description:
      "The caller's inclusion proof in the latest snapshot (real book): their leaf, its salt and the Merkle path to the published root, to check with `npm run verify-proof`.",
    refusals: [Err.PROOF_NO_SNAPSHOT, Err.PROOF_NOT_IN_SNAPSHOT],
  },
  listProofSnapshots: {
    operationId: 'listProofSnapshots',
    summary: 'The latest 30 snapshots of liabilities, published and failed',
    description: 'The latest 30 snapshots of liabilities, published and failed.',
    refusals: [],
  },
  takeProofSnapshot: {
    operationId: 'takeProofSnapshot',
    summary:
      'Take a snapshot of liabilities now (audited with the reason): published, or recorded as failed when it does not equal the ledger',
    description:
      'Takes a snapshot of liabilities now (audited with the reason): published when the ledger reconciles, else recorded as failed.',
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
