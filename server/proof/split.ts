import { randomBytes, randomInt } from 'node:crypto';
import { leafHash, PROOF_FORMAT, type SumNode } from '../../src/contract/merkleSum.ts';

/**
 * The leaves of a pol2 snapshot (docs/ledger.md, "Proof of liabilities"): each customer's balances
 * cut into k random parts that add up exactly, each part its own salted leaf, all shuffled, so that
 * no leaf, and no sibling on any path, is one customer's balances.
 */

/** A uniformly random integer in [0, n), n ≥ 1: 16 random bytes beyond n's size make the modulo's bias negligible. */
function below(n: bigint): bigint {
  const bytes = Math.ceil(n.toString(16).length / 2) + 16;
  return BigInt(`0x${randomBytes(bytes).toString('hex')}`) % n;
}

/**
 * `units` cut into k parts at random, adding up to it exactly. With at least k units every part
 * is positive (k − 1 distinct cut points in 1 … units − 1), so no part holds the whole amount;
 * with fewer, each unit goes to a random part; zero gives k zero parts.
 */
export function cut(units: bigint, k: number): bigint[] {
  const parts = Array.from({ length: k }, () => 0n);
  if (units < BigInt(k)) {
    for (let u = 0n; u < units; u++) parts[randomInt(k)] += 1n;
    return parts;
  }
  const points = new Set<bigint>();
  while (points.size < k - 1) points.add(1n + below(units - 1n));
  const edges = [0n, ...[...points].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), units];
  return parts.map((_, i) => edges[i + 1] - edges[i]);
}

/** A customer's balances (units per asset) as k part vectors: every asset cut on its own. */
export function splitBalances(units: readonly bigint[], k: number): bigint[][] {
  const perAsset = units.map((u) => cut(u, k));
  return Array.from({ length: k }, (_, part) => perAsset.map((asset) => asset[part]));
}

/** Random order (Fisher–Yates): a leaf's index says nothing about its account. */
export function shuffled<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

export interface PartLeaf extends SumNode {
  account: string;
  salt: string;
}

/** Every customer's k parts as salted leaves, shuffled: the leaves of the tree in their order. */
export function splitLeaves(
  assets: readonly string[],
  customers: Iterable<{ account: string; units: readonly bigint[] }>,
  k: number,
): PartLeaf[] {
  const leaves: PartLeaf[] = [];
  for (const c of customers)
    for (const units of splitBalances(c.units, k)) {
      const salt = randomBytes(32).toString('hex');
      leaves.push({ account: c.account, salt, units, hash: leafHash(PROOF_FORMAT, assets, c.account, salt, units) });
    }
  return shuffled(leaves);
}
