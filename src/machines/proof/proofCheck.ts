import { assign, fromPromise, setup } from 'xstate';
import { verifyInclusion, type InclusionProofData, type ProofVerdict } from '../../contract/merkleSum.ts';
import { refusalOf, type Refusal } from '../platform/refusal.ts';

/**
 * A customer checks that their balance is counted (docs/ledger.md, "Proof of liabilities"): the
 * flow fetches their inclusion proof and the published root, recomputes the root from the proof
 * in the browser with the contract's rules, and compares it with the published one. The verified
 * proof can then be saved as a file, to check again offline with `npm run verify-proof`.
 *
 * idle → loading → verified | mismatch, or failed (the service refused: none yet, not in it).
 */
export interface ProofCheckContext {
  proof: InclusionProofData | null;
  /** the root the public page publishes */
  publishedRoot: string | null;
  verdict: ProofVerdict | null;
  refusal: Refusal | null;
}

export interface LoadedProof {
  proof: InclusionProofData;
  publishedRoot: string | null;
}

/** The proof leads to a root, and that root is the published one. */
export const matchesPublished = (verdict: ProofVerdict | null, publishedRoot: string | null): boolean =>
  !!verdict?.ok && verdict.rootHash === publishedRoot;

export const proofCheckMachine = setup({
  types: {} as { context: ProofCheckContext; events: { type: 'proof.check' } | { type: 'proof.save' } },
  actors: {
    // supplied where the machine runs (src/services/proof/flows.ts): the proof and the published root
    load: fromPromise<LoadedProof>(async () => {
      throw new Error('proofCheck: load not provided');
    }),
  },
  actions: {
    /** hands the proof to the browser's download (supplied by the flow) */
    saveFile: (_, _params: { proof: InclusionProofData }) => {},
  },
  guards: {
    verified: ({ context }) => matchesPublished(context.verdict, context.publishedRoot),
  },
}).createMachine({
  id: 'proofCheck',
  initial: 'idle',
  context: { proof: null, publishedRoot: null, verdict: null, refusal: null },
  states: {
    idle: { on: { 'proof.check': 'loading' } },
    loading: {
      entry: assign({ refusal: null, verdict: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'judging',
          actions: assign(({ event }) => ({
            proof: event.output.proof,
            publishedRoot: event.output.publishedRoot,
            verdict: verifyInclusion(event.output.proof),
          })),
        },
        onError: { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    judging: { always: [{ guard: 'verified', target: 'verified' }, { target: 'mismatch' }] },
    verified: {
      on: {
        'proof.save': { actions: { type: 'saveFile', params: ({ context }) => ({ proof: context.proof! }) } },
        'proof.check': 'loading',
      },
    },
    mismatch: { on: { 'proof.check': 'loading' } },
    failed: { on: { 'proof.check': 'loading' } },
  },
});
