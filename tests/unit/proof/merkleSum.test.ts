import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  leafHash,
  LEGACY_FORMAT,
  nodeHash,
  toUnits,
  verifyInclusion,
  type LegacyProofData as InclusionProofData,
  type SumNode,
} from '../../../src/contract/merkleSum.ts';
import { buildTree, pathOf, rootOf, rootStep } from '../../../server/proof/tree.ts';
// the outside verifier: written apart from the service's rules, checked here to agree with them
import { verify as scriptVerify } from '../../../scripts/verify-proof.mjs';

/**
 * The Merkle sum tree of the proof of liabilities (docs/ledger.md) in its first format, pol1 (one
 * exact leaf per customer), which snapshots taken before the split still have: every user's
 * proof verifies with the service's rules and with the standalone script; changing any leaf,
 * salt, sum, hash or position makes both refuse; a negative balance or a missing user cannot give
 * a root that every user's proof accepts. (The split format, pol2: splitProof.test.ts.)
 */
const ASSETS = ['USDT', 'BTC', 'ETH'];
const DECIMALS = [6, 8, 8];
const users = [
  { account: '11', balances: ['100.000000', '0.50000000', '0.00000000'] },
  { account: '12', balances: ['0.000001', '0.00000000', '2.00000000'] },
  { account: '13', balances: ['2500.250000', '1.00000000', '0.10000000'] },
  { account: '14', balances: ['0.000000', '0.00000000', '0.00000000'] },
  { account: '15', balances: ['7.000000', '0.00000001', '0.00000000'] },
].map((u) => ({ ...u, salt: randomBytes(32).toString('hex'), units: u.balances.map((b, i) => toUnits(b, DECIMALS[i])!) }));

const leafOf = (u: (typeof users)[number]): SumNode => ({
  hash: leafHash(LEGACY_FORMAT, ASSETS, u.account, u.salt, u.units),
  units: u.units,
});

function proofsOf(list: typeof users) {
  const tree = buildTree(LEGACY_FORMAT, list.map(leafOf), ASSETS.length);
  const proofs = list.map((u, index): InclusionProofData => ({
    format: LEGACY_FORMAT,
    snapshotId: '1',
    takenAt: '2026-11-27T00:00:00.000Z',
    assets: ASSETS,
    decimals: DECIMALS,
    account: u.account,
    salt: u.salt,
    balances: u.balances,
    index,
    leafCount: tree.levels[0].length,
    path: pathOf(tree, index, DECIMALS),
    root: rootStep(tree, DECIMALS),
  }));
  return { tree, proofs };
}

const scriptOk = (p: unknown): boolean => {
  try {
    return scriptVerify(p as Parameters<typeof scriptVerify>[0]).ok;
  } catch {
    return false;
  }
};
const both = (p: InclusionProofData) => ({ service: verifyInclusion(p).ok, script: scriptOk(p) });
const copy = (p: InclusionProofData): InclusionProofData => structuredClone(p);

describe('Merkle sum tree of liabilities, format pol1 (older snapshots stay verifiable)', () => {
  const { tree, proofs } = proofsOf(users);

  it("every user's proof verifies with the service's rules and the script, and leads to the root with the totals", () => {
    expect(tree.levels[0]).toHaveLength(8);
    for (const p of proofs) {
      const v = verifyInclusion(p);
      expect(v).toEqual({ ok: true, rootHash: rootOf(tree).hash, sums: ['2607.250001', '1.50000001', '2.10000000'] });
      expect(scriptVerify(p)).toEqual({ ok: true, hash: rootOf(tree).hash });
    }
  });

  it('tampering with a balance, the salt, the account, a sibling hash, a sibling sum, the root or the index fails both', () => {
    const tampers: Array<[string, (p: InclusionProofData) => void]> = [
      [
        'a balance raised',
        (p) => {
          p.balances[0] = '100.000001';
        },
      ],
      [
        'a balance lowered',
        (p) => {
          p.balances[1] = '0.49999999';
        },
      ],
      [
        'a balance written with more places than the asset has',
        (p) => {
          p.balances[0] = '100.0000001';
        },
      ],
      [
        'another salt',
        (p) => {
          p.salt = randomBytes(32).toString('hex');
        },
      ],
      [
        'one bit of the salt',
        (p) => {
          p.salt = (p.salt[0] === 'a' ? 'b' : 'a') + p.salt.slice(1);
        },
      ],
      [
        'another account',
        (p) => {
          p.account = p.account === '12' ? '13' : '12';
        },
      ],
      [
        'a sibling hash',
        (p) => {
          p.path[1].hash = p.path[1].hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
        },
      ],
      [
        'a sibling sum lowered',
        (p) => {
          p.path[2].sums[0] = '0.000000';
        },
      ],
      [
        'a sibling sum raised',
        (p) => {
          p.path[0].sums[2] = '5.00000000';
        },
      ],
      [
        'the root sums',
        (p) => {
          p.root.sums[0] = '2607.250000';
        },
      ],
      [
        'the root hash',
        (p) => {
          p.root.hash = p.root.hash.replace(/^./, (c) => (c === 'f' ? 'e' : 'f'));
        },
      ],
      [
        'the index (sides swapped)',
        (p) => {
          p.index ^= 1;
        },
      ],
      [
        'a step left out',
        (p) => {
          p.path.pop();
        },
      ],
      [
        'the leaf count',
        (p) => {
          p.leafCount = 16;
        },
      ],
      [
        'the asset order',
        (p) => {
          p.assets = ['BTC', 'USDT', 'ETH'];
        },
      ],
    ];
    for (const [what, change] of tampers) {
      for (const original of proofs) {
        const p = copy(original);
        change(p);
        expect(both(p), `${what} (account ${original.account})`).toEqual({ service: false, script: false });
      }
    }
  });

  it("a negative balance cannot be built into a tree, and one put in by hand fails its own and its neighbour's proof", () => {
    const negative = {
      ...users[0],
      account: '99',
      balances: ['-50.000000', '0.00000000', '0.00000000'],
      units: [-50_000_000n, 0n, 0n],
    };
    expect(() => buildTree(LEGACY_FORMAT, [...users, negative].map(leafOf), 3)).toThrow(/negative/);
    // a root made by hand over [honest, negative] hides 50 USDT of the honest user's 100
    const honest = users[0];
    const left = leafOf(honest);
    const right = leafOf(negative);
    const root = { hash: nodeHash(LEGACY_FORMAT, left, right), sums: ['50.000000', '0.50000000', '0.00000000'] };
    const honestProof: InclusionProofData = {
      format: LEGACY_FORMAT,
      snapshotId: '1',
      takenAt: '2026-11-27T00:00:00.000Z',
      assets: ASSETS,
      decimals: DECIMALS,
      account: honest.account,
      salt: honest.salt,
      balances: honest.balances,
      index: 0,
      leafCount: 2,
      path: [{ hash: right.hash, sums: negative.balances }],
      root,
    };
    expect(verifyInclusion(honestProof)).toEqual({ ok: false, reason: 'negative' });
    expect(scriptOk(honestProof)).toBe(false);
    const itsOwn: InclusionProofData = {
      ...honestProof,
      account: '99',
      salt: negative.salt,
      balances: negative.balances,
      index: 1,
      path: [{ hash: left.hash, sums: honest.balances }],
    };
    expect(verifyInclusion(itsOwn)).toEqual({ ok: false, reason: 'negative' });
    expect(scriptOk(itsOwn)).toBe(false);
  });

  it("a user left out of the tree has no proof that leads to its root, and the root's totals fall short by their balance", () => {
    const without = proofsOf(users.filter((u) => u.account !== '13'));
    const left = proofs[2];
    // the left-out user's proof (from the full tree) checked against the published root of the other
    const v = verifyInclusion(left);
    expect(v.ok && v.rootHash).not.toBe(rootOf(without.tree).hash);
    // a proof made up for them at any position of the smaller tree does not reach its root
    for (let index = 0; index < without.tree.levels[0].length; index++) {
      const forged: InclusionProofData = {
        ...copy(left),
        index,
        leafCount: without.tree.levels[0].length,
        path: pathOf(without.tree, index, DECIMALS),
        root: rootStep(without.tree, DECIMALS),
      };
      expect(both(forged)).toEqual({ service: false, script: false });
    }
    // and its totals are short by exactly that user's balances: the snapshot's check against the ledger refuses it
    expect(rootStep(without.tree, DECIMALS).sums).toEqual(['107.000001', '0.50000001', '2.00000000']);
  });

  it('npm run verify-proof: exit 0 and VERIFIED for a good proof (with the published root), 1 for a tampered one, 2 for no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'proof-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify(proofs[1]));
    const tampered = copy(proofs[1]);
    tampered.balances[2] = '1.00000000';
    writeFileSync(bad, JSON.stringify(tampered));
    const run = (...args: string[]) => {
      try {
        return { status: 0, out: execFileSync(process.execPath, ['scripts/verify-proof.mjs', ...args], { encoding: 'utf8' }) };
      } catch (e) {
        const err = e as { status: number; stdout: string };
        return { status: err.status, out: err.stdout };
      }
    };
    const ok = run(good, '--root', rootOf(tree).hash);
    expect(ok.status).toBe(0);
    expect(ok.out).toContain('VERIFIED: account 12');
    expect(run(good, '--root', 'f'.repeat(64)).status).toBe(1);
    expect(run(bad)).toMatchObject({ status: 1, out: expect.stringContaining('NOT VERIFIED') });
    expect(run(join(dir, 'missing.json')).status).toBe(2);
  });
});
