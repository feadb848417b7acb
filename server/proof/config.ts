import { configFragment, int } from '../platform/env.ts';
import { MAX_PARTS } from '../../src/contract/merkleSum.ts';

declare module '../platform/config.ts' {
  interface Config {
    /** Into how many random parts each customer's balances are split in a snapshot (PROOF_PARTS). */
    proofParts: number;
  }
}

/** The variables the proof domain reads (README, "Configuration"). */
export const PROOF_ENV = {
  PROOF_PARTS: int(
    2,
    MAX_PARTS,
    3,
    "random parts each customer's balances are split into in a liabilities snapshot, each its own leaf",
  ),
};

export const proofConfig = configFragment(PROOF_ENV, (e) => ({ proofParts: e.PROOF_PARTS ?? 3 }));
