import {
  emptyLeaf,
  fromUnits,
  LEGACY_FORMAT,
  parentOf,
  PROOF_FORMAT,
  toUnits,
  type InclusionProofData,
  type ProofFormat,
  type ProofStep,
  type SumNode,
} from '../../src/contract/merkleSum.ts';

/**
 * The Merkle sum tree over a snapshot's leaves (rules in src/contract/merkleSum.ts, hashed in the
 * snapshot's format): padded with empty leaves to a power of two, each level the parents of the
 * one below. A negative balance anywhere makes building it throw, so no root exists for such a
 * snapshot.
 */
export interface SumTree {
  /** levels[0] are the leaves (padded), the last level is [root] */
  levels: SumNode[][];
}

export function buildTree(format: ProofFormat, leaves: readonly SumNode[], width: number): SumTree {
  if (leaves.some((l) => l.units.length !== width)) throw new Error('merkle sum tree: a leaf has the wrong number of assets');
  if (leaves.some((l) => l.units.some((u) => u < 0n))) throw new Error('merkle sum tree: negative balance');
  let size = 1;
  while (size < leaves.length) size *= 2;
  const levels: SumNode[][] = [[...leaves, ...Array.from({ length: size - leaves.length }, () => emptyLeaf(width))]];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    const up: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) up.push(parentOf(format, below[i], below[i + 1]));
    levels.push(up);
  }
  return { levels };
}

export const rootOf = (t: SumTree): SumNode => t.levels[t.levels.length - 1][0];
export const leafCountOf = (t: SumTree): number => t.levels[0].length;

const step = (n: SumNode, decimals: readonly number[]): ProofStep => ({
  hash: n.hash,
  sums: n.units.map((u, i) => fromUnits(u, decimals[i])),
});

/** The siblings from the leaf at `index` up to the root, as a proof writes them. */
export function pathOf(t: SumTree, index: number, decimals: readonly number[]): ProofStep[] {
  const path: ProofStep[] = [];
  let i = index;
  for (let level = 0; level < t.levels.length - 1; level++) {
    path.push(step(t.levels[level][i ^ 1], decimals));
    i = Math.floor(i / 2);
  }
  return path;
}

export const rootStep = (t: SumTree, decimals: readonly number[]): ProofStep => step(rootOf(t), decimals);

/** A customer's leaf as a snapshot stores it: its index, salt and amounts (pol2: one part). */
export interface StoredLeaf {
  position: number;
  salt: string;
  balances: string[];
}

/** What a proof says about its snapshot and customer besides the leaves. */
export interface ProofSubject {
  snapshotId: string;
  takenAt: string;
  assets: string[];
  decimals: number[];
  account: string;
}

/**
 * A customer's inclusion proof from their leaves (in index order): pol2 every part with its
 * path and the parts' sum as the balances; pol1 the one leaf and its path.
 */
export function inclusionProof(
  format: ProofFormat,
  subject: ProofSubject,
  tree: SumTree,
  leaves: readonly StoredLeaf[],
): InclusionProofData {
  const { decimals } = subject;
  const header = { ...subject, leafCount: leafCountOf(tree), root: rootStep(tree, decimals) };
  if (format === LEGACY_FORMAT) {
    const [leaf] = leaves;
    const path = pathOf(tree, leaf.position, decimals);
    return { format, ...header, salt: leaf.salt, balances: leaf.balances, index: leaf.position, path };
  }
  const total = decimals.map((d, i) => leaves.reduce((sum, l) => sum + (toUnits(l.balances[i], d) ?? 0n), 0n));
  return {
    format: PROOF_FORMAT,
    ...header,
    balances: total.map((u, i) => fromUnits(u, decimals[i])),
    parts: leaves.map((l) => ({
      index: l.position,
      salt: l.salt,
      amounts: l.balances,
      path: pathOf(tree, l.position, decimals),
    })),
  };
}
