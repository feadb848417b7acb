#!/usr/bin/env node
// Checks a proof of liabilities offline: `npm run verify-proof -- proof.json [--root <hash>]`.
//
// This script is the outside verifier, so it imports no code of the service: it writes the
// rules of docs/ledger.md ("Proof of liabilities") again with nothing but @noble/hashes (sha256).
// A unit test (tests/unit/proof/merkleSum.test.ts) checks it agrees with the service's own rules.
//
// What it checks, in the file's format (both stay verifiable):
// - pol2 (current): your balances are split into random parts, each its own leaf. Every part's
//   leaf is rebuilt from your account, its salt and its amounts, and climbs its own path to the
//   root in the file; no two parts share an index; and the parts add up to your balances exactly.
// - pol1 (older snapshots): your one leaf, rebuilt from your account, salt and balances, climbs its path.
// Each parent is made from the sibling on the side the leaf's index names (its hash and sums are
// inside the parent's hash, and no sum may be negative). Then compare the root with the one the
// platform publishes at /proof (or pass it with --root and this does it).
// Exit status: 0 verified, 1 not verified, 2 unreadable file or bad arguments.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { sha256 } from '@noble/hashes/sha2.js';

const enc = new TextEncoder();
/** @param {Uint8Array} bytes */
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
/** @param {string} text */
const H = (text) => hex(sha256(enc.encode(text)));

/**
 * A decimal amount as whole units of `places` decimals; throws on anything else (negative included).
 * @param {unknown} amount @param {number} places
 */
function units(amount, places) {
  if (typeof amount !== 'string') throw new Error(`amount ${JSON.stringify(amount)} is not a string`);
  if (amount.startsWith('-')) throw new Error(`negative amount ${amount}`);
  const m = /^(\d{1,30})(?:\.(\d{1,18}))?$/.exec(amount);
  if (!m) throw new Error(`malformed amount ${amount}`);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > places) throw new Error(`amount ${amount} is finer than ${places} places`);
  return BigInt(m[1] + frac.padEnd(places, '0'));
}

/**
 * @typedef {{ hash: string, sums: string[] }} Step
 * @typedef {{ index: number, salt: string, amounts: string[], path: Step[] }} Part
 * @typedef {{ format: string, snapshotId: string, takenAt: string, assets: string[], decimals: number[], account: string,
 *   balances: string[], leafCount: number, root: Step, salt?: string, index?: number, path?: Step[], parts?: Part[] }} Proof
 */

/**
 * One leaf up its path: null when it leads to the root in the file, else why not (throws on a malformed step).
 * @param {Proof} p @param {Part} leaf @param {number} depth
 */
function climb(p, leaf, depth) {
  const f = p.format;
  if (typeof leaf.salt !== 'string' || !/^[0-9a-f]{64}$/.test(leaf.salt)) throw new Error('a salt is not 32 bytes of hex');
  if (!Number.isInteger(leaf.index) || leaf.index < 0 || leaf.index >= p.leafCount) throw new Error('an index outside the tree');
  if (!Array.isArray(leaf.path) || leaf.path.length !== depth)
    throw new Error(`a path has ${leaf.path?.length} steps, the tree ${depth} levels`);
  /** @param {unknown} list */
  const sums = (list) => {
    if (!Array.isArray(list) || list.length !== p.assets.length) throw new Error('a list of sums has the wrong length');
    return list.map((a, i) => units(a, p.decimals[i]));
  };
  /** @param {bigint[]} u */
  const text = (u) => u.join(',');
  let mine = sums(leaf.amounts);
  let hash = H(`${f}|leaf|${p.assets.join(',')}|${p.account}|${leaf.salt}|${text(mine)}`);
  let position = leaf.index;
  for (const step of leaf.path) {
    if (!/^[0-9a-f]{64}$/.test(step.hash)) throw new Error('a sibling hash is not 32 bytes of hex');
    const theirs = sums(step.sums);
    const left = position % 2 === 0 ? `${hash}|${text(mine)}` : `${step.hash}|${text(theirs)}`;
    const right = position % 2 === 0 ? `${step.hash}|${text(theirs)}` : `${hash}|${text(mine)}`;
    hash = H(`${f}|node|${left}|${right}`);
    mine = mine.map((v, i) => v + theirs[i]);
    position = Math.floor(position / 2);
  }
  const root = sums(p.root.sums);
  if (hash !== p.root.hash) return `the path of leaf ${leaf.index} leads to root ${hash}, the file says ${p.root.hash}`;
  if (mine.some((v, i) => v !== root[i])) return `the path of leaf ${leaf.index} adds up to other totals than the root`;
  return null;
}

/** @param {Proof} p @returns {{ ok: true, hash: string } | { ok: false, why: string }} */
export function verify(p) {
  if (p.format !== 'pol1' && p.format !== 'pol2') throw new Error(`unknown format ${p.format}`);
  const n = p.assets.length;
  if (!n || p.decimals.length !== n || p.balances.length !== n) throw new Error('assets, decimals and balances differ in length');
  if (!/^\d{1,19}$/.test(p.account)) throw new Error('the account is not an id');
  const count = p.leafCount;
  if (!Number.isInteger(count) || count < 1 || (count & (count - 1)) !== 0) throw new Error('leafCount is not a power of two');
  let depth = 0;
  while (2 ** depth < count) depth++;
  const balances = p.balances.map((a, i) => units(a, p.decimals[i]));
  /** @type {Part[]} */
  const leaves =
    p.format === 'pol1'
      ? [
          {
            index: /** @type {number} */ (p.index),
            salt: /** @type {string} */ (p.salt),
            amounts: p.balances,
            path: p.path ?? [],
          },
        ]
      : (p.parts ?? []);
  if (p.format === 'pol2' && (!Array.isArray(p.parts) || leaves.length < 2 || leaves.length > 16))
    return { ok: false, why: `a pol2 proof has 2 to 16 parts, this one ${leaves.length}` };
  if (new Set(leaves.map((l) => l.index)).size !== leaves.length) return { ok: false, why: 'two parts at one index' };
  const total = balances.map(() => 0n);
  for (const leaf of leaves) {
    const wrong = climb(p, leaf, depth);
    if (wrong) return { ok: false, why: wrong };
    leaf.amounts.forEach((a, i) => (total[i] += units(a, p.decimals[i])));
  }
  if (total.some((v, i) => v !== balances[i])) return { ok: false, why: 'the parts do not add up to the balances' };
  return { ok: true, hash: p.root.hash };
}

/** The command: read the file, verify, print, exit 0 / 1 / 2. */
function main() {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--root');
  const rootArg = args.includes('--root') ? args[args.indexOf('--root') + 1] : undefined;
  if (!file) {
    console.error('usage: npm run verify-proof -- proof.json [--root <published root hash>]');
    process.exit(2);
  }
  /** @type {Proof} */
  let proof;
  try {
    proof = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`cannot read ${file}: ${e instanceof Error ? e.message : e}`);
    process.exit(2);
  }
  /** @type {{ ok: true, hash: string } | { ok: false, why: string }} */
  let result;
  try {
    result = verify(proof);
  } catch (e) {
    result = { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
  if (result.ok && rootArg && rootArg.toLowerCase() !== result.hash)
    result = { ok: false, why: `root ${result.hash} is not the published ${rootArg}` };
  if (!result.ok) {
    console.log(`NOT VERIFIED: ${result.why}`);
    process.exit(1);
  }
  console.log(`VERIFIED: account ${proof.account}, snapshot ${proof.snapshotId} taken ${proof.takenAt}`);
  if (proof.parts)
    console.log(`your balances are ${proof.parts.length} leaves of the tree; every path checked, the parts add up:`);
  proof.assets.forEach((a, i) =>
    console.log(`  ${a.padEnd(6)} ${proof.balances[i].padStart(28)}   (total of all customers ${proof.root.sums[i]})`),
  );
  console.log(`root ${result.hash}`);
  console.log(rootArg ? 'it is the root you gave.' : 'compare this root with the one published at /proof (or pass --root).');
}

// run as a command, not when a test imports `verify`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
