/**
 * The rules of the proof of liabilities' Merkle sum tree (docs/ledger.md, "Proof of liabilities"),
 * in one place for the server (which builds the tree) and the browser (which checks a proof).
 * `scripts/verify-proof.mjs` writes the same rules again on its own, so that an outside verifier
 * does not trust this code; a unit test checks the two agree.
 *
 * - Amounts are whole units of the asset's precision (USDT 6 places, BTC and ETH 8): "1.5" BTC is
 *   150000000. In a hash they are written as plain decimal integers, never negative.
 * - Leaf: sha256 of the text `pol1|leaf|<assets>|<account>|<salt>|<units>`, the lists joined by
 *   commas. The salt is 32 random bytes (hex), new for every user in every snapshot, so a leaf or
 *   a neighbour's hash reveals nothing and cannot be guessed from an account id.
 * - Node: sha256 of `pol1|node|<left hash>|<left units>|<right hash>|<right units>`; its sums are
 *   the children's added. The children's sums are inside the hash, so a node cannot claim less
 *   than its children hold (otherwise the root could shrink to the largest single balance).
 * - The tree has a power of two leaves; the rest are empty leaves (hash of 64 zeros, sums 0).
 * - A proof names its leaf's index; the bits of the index say on which side each sibling is.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const PROOF_FORMAT = 'pol1';
export const EMPTY_HASH = '0'.repeat(64);
const HEX64 = /^[0-9a-f]{64}$/;
const UNITS = /^(0|[1-9][0-9]{0,37})$/;
const AMOUNT = /^[0-9]{1,30}(\.[0-9]{1,18})?$/;
/** At most 2^30 leaves (an index is a 32-bit integer here): a longer path is not a proof. */
const MAX_DEPTH = 30;

/** One node of the tree as its parent sees it. */
export interface SumNode {
  hash: string;
  units: bigint[];
}

/** A sibling on the path, as written in a proof: its hash and its sums as decimal amounts. */
export interface ProofStep {
  hash: string;
  sums: string[];
}

/** What a user downloads: everything needed to recompute the root, with no other input. */
export interface InclusionProofData {
  format: typeof PROOF_FORMAT;
  snapshotId: string;
  takenAt: string;
  assets: string[];
  decimals: number[];
  account: string;
  salt: string;
  balances: string[];
  index: number;
  leafCount: number;
  path: ProofStep[];
  root: ProofStep;
}

const hashText = (s: string) => bytesToHex(sha256(utf8ToBytes(s)));
const joinUnits = (u: readonly bigint[]) => u.map((x) => x.toString()).join(',');

export function leafHash(assets: readonly string[], account: string, salt: string, units: readonly bigint[]): string {
  return hashText(`${PROOF_FORMAT}|leaf|${assets.join(',')}|${account}|${salt}|${joinUnits(units)}`);
}

export function nodeHash(left: SumNode, right: SumNode): string {
  return hashText(`${PROOF_FORMAT}|node|${left.hash}|${joinUnits(left.units)}|${right.hash}|${joinUnits(right.units)}`);
}

/** The parent of two nodes. Refuses a negative sum: no node of a valid tree has one. */
export function parentOf(left: SumNode, right: SumNode): SumNode {
  if ([...left.units, ...right.units].some((u) => u < 0n)) throw new Error('merkle sum tree: negative balance');
  return { hash: nodeHash(left, right), units: left.units.map((u, i) => u + right.units[i]) };
}

export const emptyLeaf = (width: number): SumNode => ({ hash: EMPTY_HASH, units: Array.from({ length: width }, () => 0n) });

/** "12.5" at 6 places → 12500000n; null when negative, malformed or finer than the precision. */
export function toUnits(amount: string, decimals: number): bigint | null {
  if (!AMOUNT.test(amount)) return null;
  const [whole, written = ''] = amount.split('.');
  const frac = written.replace(/0+$/, '');
  if (frac.length > decimals) return null;
  return BigInt(whole + frac.padEnd(decimals, '0'));
}

/** 12500000n at 6 places → "12.500000". */
export function fromUnits(units: bigint, decimals: number): string {
  const s = units.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

export type ProofVerdict =
  { ok: true; rootHash: string; sums: string[] } | { ok: false; reason: 'malformed' | 'negative' | 'path' | 'root' };

/**
 * Recomputes the root from a proof alone: the leaf from the salt and balances, then each parent
 * with the sibling on the side the index names, and compares with the proof's root (hash and
 * sums). The caller must still compare that root with the published one (summary.rootHash).
 */
export function verifyInclusion(p: InclusionProofData): ProofVerdict {
  const bad = (reason: 'malformed' | 'negative' | 'path' | 'root') => ({ ok: false as const, reason });
  if (
    p?.format !== PROOF_FORMAT ||
    !Array.isArray(p.assets) ||
    !Array.isArray(p.decimals) ||
    !Array.isArray(p.balances) ||
    !Array.isArray(p.path)
  )
    return bad('malformed');
  const width = p.assets.length;
  if (width === 0 || p.decimals.length !== width || p.balances.length !== width) return bad('malformed');
  if (
    p.decimals.some((d) => !Number.isInteger(d) || d < 0 || d > 18) ||
    p.assets.some((a) => typeof a !== 'string' || !/^[A-Z0-9]{1,12}$/.test(a))
  )
    return bad('malformed');
  if (typeof p.account !== 'string' || !/^[0-9]{1,19}$/.test(p.account) || typeof p.salt !== 'string' || !HEX64.test(p.salt))
    return bad('malformed');
  if (
    !Number.isInteger(p.leafCount) ||
    p.leafCount < 1 ||
    (p.leafCount & (p.leafCount - 1)) !== 0 ||
    !Number.isInteger(p.index) ||
    p.index < 0 ||
    p.index >= p.leafCount
  )
    return bad('malformed');
  const depth = Math.log2(p.leafCount);
  if (depth > MAX_DEPTH || p.path.length !== depth) return bad('path');
  const amounts = (xs: unknown): bigint[] | 'negative' | null => {
    if (!Array.isArray(xs) || xs.length !== width) return null;
    const out: bigint[] = [];
    for (let i = 0; i < width; i++) {
      const x = xs[i];
      if (typeof x !== 'string') return null;
      if (x.startsWith('-')) return 'negative';
      const u = toUnits(x, p.decimals[i]);
      if (u === null || !UNITS.test(u.toString())) return null;
      out.push(u);
    }
    return out;
  };
  const own = amounts(p.balances);
  if (own === 'negative') return bad('negative');
  if (!own) return bad('malformed');
  let node: SumNode = { hash: leafHash(p.assets, p.account, p.salt, own), units: own };
  for (let level = 0; level < depth; level++) {
    const step = p.path[level];
    if (!step || typeof step.hash !== 'string' || !HEX64.test(step.hash)) return bad('malformed');
    const units = amounts(step.sums);
    if (units === 'negative') return bad('negative');
    if (!units) return bad('malformed');
    const sibling = { hash: step.hash, units };
    node = ((p.index >> level) & 1) === 0 ? parentOf(node, sibling) : parentOf(sibling, node);
  }
  const rootUnits = amounts(p.root?.sums);
  if (rootUnits === 'negative') return bad('negative');
  if (!rootUnits || typeof p.root.hash !== 'string') return bad('malformed');
  if (node.hash !== p.root.hash || node.units.some((u, i) => u !== rootUnits[i])) return bad('root');
  return { ok: true, rootHash: node.hash, sums: node.units.map((u, i) => fromUnits(u, p.decimals[i])) };
}
