#!/usr/bin/env node
// Checks a proof of liabilities offline: `npm run verify-proof -- proof.json [--root <hash>]`.
//
// This script is the outside verifier, so it imports no code of the service: it writes the
// rules of docs/ledger.md ("Proof of liabilities") again with nothing but @noble/hashes (sha256).
// A unit test (tests/unit/proof/merkleSum.test.ts) checks it agrees with the service's own rules.
//
// What it checks: the leaf is rebuilt from your account, salt and balances; each parent from the
// sibling on the side your leaf's index names (its hash and sums are inside the parent's hash,
// and no sum may be negative); the result must be the root written in the file. Then compare that
// root with the one the platform publishes at /proof (or pass it with --root and this does it).
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
 * @typedef {{ format: string, snapshotId: string, takenAt: string, assets: string[], decimals: number[], account: string,
 *   salt: string, balances: string[], index: number, leafCount: number, path: Step[], root: Step }} Proof
 */

/** @param {Proof} p @returns {{ ok: true, hash: string } | { ok: false, why: string }} */
export function verify(p) {
  if (p.format !== 'pol1') throw new Error(`unknown format ${p.format}`);
  const n = p.assets.length;
  if (!n || p.decimals.length !== n || p.balances.length !== n) throw new Error('assets, decimals and balances differ in length');
  if (!/^[0-9a-f]{64}$/.test(p.salt)) throw new Error('the salt is not 32 bytes of hex');
  if (!/^\d{1,19}$/.test(p.account)) throw new Error('the account is not an id');
  const count = p.leafCount;
  if (!Number.isInteger(count) || count < 1 || (count & (count - 1)) !== 0) throw new Error('leafCount is not a power of two');
  if (!Number.isInteger(p.index) || p.index < 0 || p.index >= count) throw new Error('index outside the tree');
  let depth = 0;
  while (2 ** depth < count) depth++;
  if (!Array.isArray(p.path) || p.path.length !== depth)
    throw new Error(`the path has ${p.path?.length} steps, the tree ${depth} levels`);
  /** @param {unknown} list */
  const sums = (list) => {
    if (!Array.isArray(list) || list.length !== n) throw new Error('a list of sums has the wrong length');
    return list.map((a, i) => units(a, p.decimals[i]));
  };
  /** @param {bigint[]} u */
  const text = (u) => u.join(',');

  let hash = H(`pol1|leaf|${p.assets.join(',')}|${p.account}|${p.salt}|${text(sums(p.balances))}`);
  let mine = sums(p.balances);
  let position = p.index;
  for (const step of p.path) {
    if (!/^[0-9a-f]{64}$/.test(step.hash)) throw new Error('a sibling hash is not 32 bytes of hex');
    const theirs = sums(step.sums);
    const left = position % 2 === 0 ? `${hash}|${text(mine)}` : `${step.hash}|${text(theirs)}`;
    const right = position % 2 === 0 ? `${step.hash}|${text(theirs)}` : `${hash}|${text(mine)}`;
    hash = H(`pol1|node|${left}|${right}`);
    mine = mine.map((v, i) => v + theirs[i]);
    position = Math.floor(position / 2);
  }
  const root = sums(p.root.sums);
  if (hash !== p.root.hash) return { ok: false, why: `the path leads to root ${hash}, the file says ${p.root.hash}` };
  if (mine.some((v, i) => v !== root[i])) return { ok: false, why: 'the path adds up to other totals than the root in the file' };
  return { ok: true, hash };
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
  proof.assets.forEach((a, i) =>
    console.log(`  ${a.padEnd(6)} ${proof.balances[i].padStart(28)}   (total of all customers ${proof.root.sums[i]})`),
  );
  console.log(`root ${result.hash}`);
  console.log(rootArg ? 'it is the root you gave.' : 'compare this root with the one published at /proof (or pass --root).');
}

// run as a command, not when a test imports `verify`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
