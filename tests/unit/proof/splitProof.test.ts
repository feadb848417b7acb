import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromUnits, PROOF_FORMAT, toUnits, verifyInclusion, type SplitProofData } from '../../../src/contract/merkleSum.ts';
import { cut, splitBalances, splitLeaves } from '../../../server/proof/split.ts';
import { buildTree, inclusionProof, rootOf } from '../../../server/proof/tree.ts';
// the outside verifier: written apart from the service's rules, checked here to agree with them
import { verify as scriptVerify } from '../../../scripts/verify-proof.mjs';

/**
 * The proof of liabilities in format pol2 (docs/ledger.md): each customer's balances cut into k
 * random parts, one salted leaf each, shuffled, built with the snapshot's own code
 * (server/proof/split.ts, server/proof/tree.ts). In a tree of 1,000 customers no leaf and no
 * sibling on any proof's paths equals a customer's balances; every proof verifies with the
 * browser's rules (src/contract/merkleSum.ts) and the standalone script; tampering with any part
 * fails both.
 */
const ASSETS = ['USDT', 'BTC', 'ETH'];
const DECIMALS = [6, 8, 8];
const K = 3;

/** Balances as customers hold them: some assets empty, amounts from dust to millions, a few customers at zero. */
function randomUnits(): bigint[] {
  if (randomInt(20) === 0) return [0n, 0n, 0n];
  return DECIMALS.map((d) => (randomInt(3) === 0 ? 0n : BigInt(randomInt(1, 2 ** 40)) * 10n ** BigInt(randomInt(0, d))));
}

function snapshotOf(customers: Array<{ account: string; units: bigint[] }>, k: number) {
  const leaves = splitLeaves(ASSETS, customers, k);
  const tree = buildTree(PROOF_FORMAT, leaves, ASSETS.length);
  // each customer's leaves as the snapshot stores them, in index order
  const stored = new Map<string, Array<{ position: number; salt: string; balances: string[] }>>();
  leaves.forEach((l, position) =>
    stored
      .set(l.account, stored.get(l.account) ?? [])
      .get(l.account)!
      .push({ position, salt: l.salt, balances: l.units.map((u, i) => fromUnits(u, DECIMALS[i])) }),
  );
  const proofOf = (account: string) =>
    inclusionProof(
      PROOF_FORMAT,
      { snapshotId: '9', takenAt: '2026-12-01T00:00:00.000Z', assets: ASSETS, decimals: DECIMALS, account },
      tree,
      stored.get(account) ?? [],
    ) as SplitProofData;
  return { leaves, tree, proofOf };
}

const scriptOk = (p: unknown): boolean => {
  try {
    return scriptVerify(p as Parameters<typeof scriptVerify>[0]).ok;
  } catch {
    return false;
  }
};
const both = (p: SplitProofData) => ({ browser: verifyInclusion(p).ok, script: scriptOk(p) });
const sumsKey = (sums: readonly string[]) => sums.map((s, i) => toUnits(s, DECIMALS[i])!.toString()).join(',');

describe('proof of liabilities, format pol2: balances in random parts', () => {
  it('cuts every amount into k parts that add up exactly: positive when there are at least k units, zeros for zero', () => {
    for (const units of [0n, 1n, 2n, 3n, 4n, 10n, 123_456_789n, 10n ** 30n]) {
      for (const k of [2, 3, 5, 16]) {
        const parts = cut(units, k);
        expect(parts).toHaveLength(k);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(units);
        expect(parts.every((p) => p >= 0n)).toBe(true);
        if (units >= BigInt(k)) expect(parts.every((p) => p > 0n && p < units)).toBe(true);
        if (units === 0n) expect(parts).toEqual(Array.from({ length: k }, () => 0n));
      }
    }
    // random: the same balances split twice are cut differently
    const balances = [5_000_000_000n, 75_000_000n, 0n];
    expect(splitBalances(balances, K)).not.toEqual(splitBalances(balances, K));
  });

  it("in a tree of 1,000 customers no leaf and no sibling on any proof's paths equals a customer's balances, and every proof verifies", () => {
    const customers = Array.from({ length: 1000 }, (_, i) => ({ account: String(1000 + i), units: randomUnits() }));
    const { leaves, tree, proofOf } = snapshotOf(customers, K);
    expect(leaves).toHaveLength(3000);
    expect(tree.levels[0]).toHaveLength(4096);
    // zero balances are left out: every empty padding leaf is zero too, so zero tells nobody anything
    const balances = new Set(customers.filter((c) => c.units.some((u) => u > 0n)).map((c) => c.units.join(',')));
    expect(balances.size).toBeGreaterThan(900);
    for (const l of leaves) expect(balances.has(l.units.join(','))).toBe(false);
    const root = rootOf(tree);
    let siblings = 0;
    for (const c of customers) {
      const p = proofOf(c.account);
      expect(p.parts).toHaveLength(K);
      expect(p.balances.map((b, i) => toUnits(b, DECIMALS[i]))).toEqual(c.units);
      for (const part of p.parts) {
        expect(balances.has(sumsKey(part.amounts))).toBe(false);
        for (const step of part.path) {
          siblings++;
          expect(balances.has(sumsKey(step.sums)), `a sibling of ${c.account}'s part ${part.index}`).toBe(false);
        }
      }
      expect(verifyInclusion(p)).toEqual({
        ok: true,
        rootHash: root.hash,
        sums: root.units.map((u, i) => fromUnits(u, DECIMALS[i])),
      });
      expect(scriptVerify(p)).toEqual({ ok: true, hash: root.hash });
    }
    expect(siblings).toBe(1000 * K * 12);
  });

  it('tampering with any part, its salt, index or path, the balances, or leaving a part out fails both verifiers', () => {
    const customers = [
      { account: '21', units: [100_000_000n, 50_000_000n, 0n] },
      { account: '22', units: [1n, 0n, 200_000_000n] },
      { account: '23', units: [2_500_250_000n, 100_000_000n, 10_000_000n] },
      { account: '24', units: [0n, 0n, 0n] },
    ];
    const { proofOf } = snapshotOf(customers, K);
    const flip = (h: string) => (h[0] === 'a' ? 'b' : 'a') + h.slice(1);
    const raise = (amount: string) => {
      const [w, f] = amount.split('.');
      return `${BigInt(w) + 1n}.${f}`;
    };
    const tampers: Array<[string, (p: SplitProofData, part: number) => void]> = [
      ['a part raised', (p, i) => (p.parts[i].amounts[0] = raise(p.parts[i].amounts[0]))],
      [
        'a part raised and the balances with it',
        (p, i) => {
          p.parts[i].amounts[2] = raise(p.parts[i].amounts[2]);
          p.balances[2] = raise(p.balances[2]);
        },
      ],
      [
        'two parts swapped',
        (p, i) => {
          const j = (i + 1) % p.parts.length;
          [p.parts[i].amounts, p.parts[j].amounts] = [p.parts[j].amounts, p.parts[i].amounts];
        },
      ],
      ["a part's salt", (p, i) => (p.parts[i].salt = flip(p.parts[i].salt))],
      ["a part's index (sides swapped)", (p, i) => (p.parts[i].index ^= 1)],
      ["a sibling's hash on a part's path", (p, i) => (p.parts[i].path[3].hash = flip(p.parts[i].path[3].hash))],
      ["a sibling's sum on a part's path", (p, i) => (p.parts[i].path[0].sums[1] = raise(p.parts[i].path[0].sums[1]))],
      ['a part left out', (p, i) => p.parts.splice(i, 1)],
      ['a part given twice', (p, i) => (p.parts[(i + 1) % p.parts.length] = structuredClone(p.parts[i]))],
      ['the balances alone', (p) => (p.balances[1] = raise(p.balances[1]))],
      ['another account', (p) => (p.account = p.account === '21' ? '22' : '21')],
      ['the format of the older snapshots', (p) => ((p as unknown as { format: string }).format = 'pol1')],
    ];
    for (const c of customers) {
      const good = proofOf(c.account);
      expect(both(good)).toEqual({ browser: true, script: true });
      for (const [what, change] of tampers)
        for (let part = 0; part < K; part++) {
          const p = structuredClone(good);
          change(p, part);
          // parts of a zero balance are all alike: swapping two of them changes nothing
          if (JSON.stringify(p) === JSON.stringify(good)) continue;
          // nor does leaving one out: the others still show zero, which is all there is to show
          if (what === 'a part left out' && c.units.every((u) => u === 0n)) {
            expect(both(p)).toEqual({ browser: true, script: true });
            continue;
          }
          expect(both(p), `${what} (account ${c.account}, part ${part})`).toEqual({ browser: false, script: false });
        }
    }
  });

  it('a proof of only one part is refused: pol2 always carries k ≥ 2', () => {
    const { proofOf } = snapshotOf([{ account: '31', units: [7n, 0n, 0n] }], 2);
    const p = proofOf('31');
    expect(both(p)).toEqual({ browser: true, script: true });
    const one = { ...structuredClone(p), parts: [p.parts[0]], balances: p.parts[0].amounts };
    expect(verifyInclusion(one)).toEqual({ ok: false, reason: 'parts' });
    expect(scriptOk(one)).toBe(false);
  });
});
