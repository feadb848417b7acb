import { call } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the bundle
import type { InclusionProof, ProofSummary } from '../../contract/proof.ts';

export type { InclusionProof, ProofSummary };

/**
 * Proof of liabilities calls (docs/ledger.md, "Proof of liabilities"): the public summary, and the
 * signed-in customer's inclusion proof (always the real book: demo money is no liability).
 */
export const proofApi = {
  summary: (signal?: AbortSignal) => call<ProofSummary>('/swx/customer/index/proof', { signal }),
  mine: (signal?: AbortSignal) => call<InclusionProof>('/swx/customer/user/proof', { signal }),
};
