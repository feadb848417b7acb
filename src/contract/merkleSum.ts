/**
 * The rules of the proof of liabilities' Merkle sum tree (docs/ledger.md, "Proof of liabilities"),
 * in one place for the server (which builds the tree) and the browser (which checks a proof).
 * `scripts/verify-proof.mjs` writes the same rules again on its own, so that an outside verifier
 * does not trust this code; a unit test checks the two agree.
 *
 * Two formats, named in every snapshot and proof (`format`); both stay verifiable:
 * - `pol2` (current): each customer's balances are split into k ≥ 2 random parts (each asset's
 *   amount cut at random, the parts adding up exactly), each part its own salted leaf, all leaves
 *   shuffled. No leaf and no sibling is one customer's balances; a proof carries every part with
 *   its path, and the verifier checks each path and that the parts add up to the balances.
 * - `pol1` (snapshots before the split): one leaf per customer holding their exact balances.
 *
 * - Amounts are whole units of the asset's precision (USDT 6 places, BTC and ETH 8): "1.5" BTC is
 *   150000000. In a hash they are written as plain decimal integers, never negative.
 * - Leaf: sha256 of the text `<format>|leaf|<assets>|<account>|<salt>|<units>`, the lists joined by
 *   commas (in pol2 the units are the part's). The salt is 32 random bytes (hex), new for every
 *   leaf in every snapshot, so a leaf or a neighbour's hash reveals nothing and cannot be guessed.
 * - Node: sha256 of `<format>|node|<left hash>|<left units>|<right hash>|<right units>`; its sums are
 *   the children's added. The children's sums are inside the hash, so a node cannot claim less
 *   than its children hold (otherwise the root could shrink to the largest single balance).
 * - The tree has a power of two leaves; the rest are empty leaves (hash of 64 zeros, sums 0).
 * - A proof names each leaf's index; the bits of the index say on which side each sibling is.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The format of snapshots before the split: one leaf per customer with their exact balances. */
export const LEGACY_FORMAT = 'pol1';
/** The format of new snapshots: each customer's balances in k ≥ 2 random parts, one leaf each. */
export const PROOF_FORMAT = 'pol2';
export type ProofFormat = typeof LEGACY_FORMAT | typeof PROOF_FORMAT;
/** The most parts one customer's balances are split into (a proof carries one path per part). */
export const MAX_PARTS = 16;
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

interface ProofHeader {
  snapshotId: string;
  takenAt: string;
  assets: string[];
  decimals: number[];
  account: string;
  /** the customer's balances per asset (in pol2 the sum of their parts) */
  balances: string[];
  leafCount: number;
  root: ProofStep;
}

/** A pol1 proof (snapshots before the split): the one leaf of the customer and its path. */
export interface LegacyProofData extends ProofHeader {
  format: typeof LEGACY_FORMAT;
  salt: string;
  index: number;
  path: ProofStep[];
}

/** One of a customer's leaves in a pol2 proof: its place, salt, part of the balances and path. */
export interface ProofPart {
  index: number;
  salt: string;
  amounts: string[];
  path: ProofStep[];
}

/** A pol2 proof: every part of the customer's balances, each with its own path to the root. */
export interface SplitProofData extends ProofHeader {
  format: typeof PROOF_FORMAT;
  parts: ProofPart[];
}

/** What a user downloads: everything needed to recompute the root, with no other input. */
export type InclusionProofData = LegacyProofData | SplitProofData;

const hashText = (s: string) => bytesToHex(sha256(utf8ToBytes(s)));
const joinUnits = (u: readonly bigint[]) => u.map((x) => x.toString()).join(',');

export function leafHash(
  format: ProofFormat,
  assets: readonly string[],
  account: string,
  salt: string,
  units: readonly bigint[],
): string {
  return hashText(`${format}|leaf|${assets.join(',')}|${account}|${salt}|${joinUnits(units)}`);
}

export function nodeHash(format: ProofFormat, left: SumNode, right: SumNode): string {
  return hashText(`${format}|node|${left.hash}|${joinUnits(left.units)}|${right.hash}|${joinUnits(right.units)}`);
}

/** The parent of two nodes. Refuses a negative sum: no node of a valid tree has one. */
export function parentOf(format: ProofFormat, left: SumNode, right: SumNode): SumNode {
  if ([...left.units, ...right.units].some((u) => u < 0n)) throw new Error('merkle sum tree: negative balance');
  return { hash: nodeHash(format, left, right), units: left.units.map((u, i) => u + right.units[i]) };
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

type Reason = 'malformed' | 'negative' | 'path' | 'root' | 'parts';
export type ProofVerdict = { ok: true; rootHash: string; sums: string[] } | { ok: false; reason: Reason };
type Bad = { ok: false; reason: Reason };
const bad = (reason: Reason): Bad => ({ ok: false, reason });
const isBad = (x: unknown): x is Bad => typeof x === 'object' && x !== null && (x as Bad).ok === false;

/** The checks every format shares: the assets, decimals, account and tree size. Answers the depth. */
function headerDepth(p: InclusionProofData): number | Bad {
  if (!Array.isArray(p.assets) || !Array.isArray(p.decimals) || !Array.isArray(p.balances)) return bad('malformed');
  const width = p.assets.length;
  if (width === 0 || p.decimals.length !== width || p.balances.length !== width) return bad('malformed');
  if (
    p.decimals.some((d) => !Number.isInteger(d) || d < 0 || d > 18) ||
    p.assets.some((a) => typeof a !== 'string' || !/^[A-Z0-9]{1,12}$/.test(a))
  )
    return bad('malformed');
  if (typeof p.account !== 'string' || !/^[0-9]{1,19}$/.test(p.account)) return bad('malformed');
  if (!Number.isInteger(p.leafCount) || p.leafCount < 1 || (p.leafCount & (p.leafCount - 1)) !== 0) return bad('malformed');
  const depth = Math.log2(p.leafCount);
  return depth > MAX_DEPTH ? bad('path') : depth;
}

/** A list of amounts as units at the proof's decimals: 'negative', or null when malformed. */
function amountsOf(xs: unknown, decimals: readonly number[]): bigint[] | 'negative' | null {
  if (!Array.isArray(xs) || xs.length !== decimals.length) return null;
  const out: bigint[] = [];
  for (let i = 0; i < decimals.length; i++) {
    const x = xs[i];
    if (typeof x !== 'string') return null;
    if (x.startsWith('-')) return 'negative';
    const u = toUnits(x, decimals[i]);
    if (u === null || !UNITS.test(u.toString())) return null;
    out.push(u);
  }
  return out;
}

const unitsOr = (xs: unknown, decimals: readonly number[]): bigint[] | Bad => {
  const u = amountsOf(xs, decimals);
  return u === 'negative' ? bad('negative') : (u ?? bad('malformed'));
};

/**
 * From one leaf up its path to the root the proof names: each parent with the sibling on the side
 * the index names, and the result must be the proof's root (hash and sums).
 */
function climb(
  p: InclusionProofData,
  depth: number,
  leaf: { salt: unknown; amounts: unknown; index: unknown; path: unknown },
): SumNode | Bad {
  if (typeof leaf.salt !== 'string' || !HEX64.test(leaf.salt)) return bad('malformed');
  if (!Number.isInteger(leaf.index) || (leaf.index as number) < 0 || (leaf.index as number) >= p.leafCount)
    return bad('malformed');
  if (!Array.isArray(leaf.path)) return bad('malformed');
  if (leaf.path.length !== depth) return bad('path');
  const own = unitsOr(leaf.amounts, p.decimals);
  if (isBad(own)) return own;
  const index = leaf.index as number;
  let node: SumNode = { hash: leafHash(p.format, p.assets, p.account, leaf.salt, own), units: own };
  for (let level = 0; level < depth; level++) {
    const step = leaf.path[level] as ProofStep | undefined;
    if (!step || typeof step.hash !== 'string' || !HEX64.test(step.hash)) return bad('malformed');
    const units = unitsOr(step.sums, p.decimals);
    if (isBad(units)) return units;
    const sibling = { hash: step.hash, units };
    node = ((index >> level) & 1) === 0 ? parentOf(p.format, node, sibling) : parentOf(p.format, sibling, node);
  }
  const rootUnits = unitsOr(p.root?.sums, p.decimals);
  if (isBad(rootUnits)) return rootUnits;
  if (typeof p.root.hash !== 'string') return bad('malformed');
  if (node.hash !== p.root.hash || node.units.some((u, i) => u !== rootUnits[i])) return bad('root');
  return node;
}

/** pol2: every part reaches the root, no two at one index, and the parts add up to the balances. */
function verifySplit(p: SplitProofData, depth: number): SumNode | Bad {
  if (!Array.isArray(p.parts) || p.parts.length < 2 || p.parts.length > MAX_PARTS) return bad('parts');
  const balances = unitsOr(p.balances, p.decimals);
  if (isBad(balances)) return balances;
  const total = p.decimals.map(() => 0n);
  const seen = new Set<number>();
  let root: SumNode | Bad = bad('parts');
  for (const part of p.parts) {
    if (typeof part !== 'object' || part === null) return bad('malformed');
    if (seen.has(part.index)) return bad('parts');
    seen.add(part.index);
    root = climb(p, depth, part);
    if (isBad(root)) return root;
    // climb read the amounts already; a part that reached the root has well-formed ones
    (amountsOf(part.amounts, p.decimals) as bigint[]).forEach((u, i) => (total[i] += u));
  }
  return total.every((u, i) => u === balances[i]) ? root : bad('parts');
}

/**
 * Recomputes the root from a proof alone and compares it with the proof's root (hash and sums):
 * pol1, the one leaf from the salt and balances up its path; pol2, every part up its own path,
 * and the parts must add up to the balances. The caller must still compare that root with the
 * published one (summary.rootHash).
 */
export function verifyInclusion(p: InclusionProofData): ProofVerdict {
  if (p?.format !== LEGACY_FORMAT && p?.format !== PROOF_FORMAT) return bad('malformed');
  const depth = headerDepth(p);
  if (isBad(depth)) return depth;
  const root =
    p.format === LEGACY_FORMAT
      ? climb(p, depth, { salt: p.salt, amounts: p.balances, index: p.index, path: p.path })
      : verifySplit(p, depth);
  if (isBad(root)) return root;
  return { ok: true, rootHash: root.hash, sums: root.units.map((u, i) => fromUnits(u, p.decimals[i])) };
}
