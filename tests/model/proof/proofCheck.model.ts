import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { leafHash, parentOf, PROOF_FORMAT, type InclusionProofData } from '../../../src/contract/merkleSum.ts';
import { proofCheckMachine, type LoadedProof } from '../../../src/machines/proof/proofCheck.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * The wallet page's proof check: generated paths over check / save with the load delivered as a
 * fixture (a proof that leads to the published root, one that leads elsewhere, a refusal). The
 * verdict is computed by the contract's rules on the real proof, not stubbed.
 */
const assets = ['USDT', 'BTC', 'ETH'];
const parts = [
  { index: 0, salt: 'ab'.repeat(32), amounts: ['5.000000', '0.04000000', '0.00000000'], units: [5_000_000n, 4_000_000n, 0n] },
  { index: 1, salt: 'cd'.repeat(32), amounts: ['7.500000', '0.06000000', '0.00000000'], units: [7_500_000n, 6_000_000n, 0n] },
].map((p) => ({ ...p, hash: leafHash(PROOF_FORMAT, assets, '7', p.salt, p.units) }));
const root = parentOf(PROOF_FORMAT, parts[0], parts[1]);
/** a tree of two leaves, the customer's two parts: each is the other's sibling */
export const goodProof: InclusionProofData = {
  format: PROOF_FORMAT,
  snapshotId: '3',
  takenAt: '2026-11-27T00:00:00.000Z',
  assets,
  decimals: [6, 8, 8],
  account: '7',
  balances: ['12.500000', '0.10000000', '0.00000000'],
  leafCount: 2,
  parts: parts.map((p, i) => ({
    index: p.index,
    salt: p.salt,
    amounts: p.amounts,
    path: [{ hash: parts[1 - i].hash, sums: parts[1 - i].amounts }],
  })),
  root: { hash: root.hash, sums: ['12.500000', '0.10000000', '0.00000000'] },
};
const hash = root.hash;
const verifiedLoad: LoadedProof = { proof: goodProof, publishedRoot: hash };
const otherRoot: LoadedProof = { proof: goodProof, publishedRoot: 'f'.repeat(64) };

export const provide = (record: (w: string) => void) =>
  proofCheckMachine.provide({
    actors: { load: fromPromise<LoadedProof>(() => (record('load'), new Promise<never>(() => {}))) },
    actions: { saveFile: (_, { proof }) => record(`save:${proof.snapshotId}`) },
  });

const events = [
  { type: 'proof.check' },
  { type: 'proof.save' },
  { type: 'xstate.done.actor.load', output: verifiedLoad },
  { type: 'xstate.done.actor.load', output: otherRoot },
  { type: 'xstate.error.actor.load', error: { code: 10251, message: 'not in the snapshot' } },
] as const;

type Snap = Parameters<Assertions<typeof proofCheckMachine>[string]>[0];
const savedOnlyWhenVerified = (r: string[]) => {
  // a save is only ever recorded right after a verified load
  r.forEach((w, i) => {
    if (w.startsWith('save:')) expect(r.slice(0, i).filter((x) => x === 'load').length).toBeGreaterThan(0);
  });
};
const assertions: Assertions<typeof proofCheckMachine> = {
  idle: (s: Snap, r) => {
    expect(s.context.proof).toBeNull();
    expect(r).toEqual([]);
  },
  loading: (s: Snap, r) => {
    expect(r.at(-1)).toBe('load');
    expect(s.context.refusal).toBeNull();
  },
  verified: (s: Snap, r) => {
    expect(s.context.verdict).toMatchObject({ ok: true, rootHash: s.context.publishedRoot });
    savedOnlyWhenVerified(r);
  },
  mismatch: (s: Snap) => {
    expect(s.context.verdict?.ok && s.context.verdict.rootHash === s.context.publishedRoot).toBe(false);
  },
  failed: (s: Snap) => {
    expect(s.context.refusal).toMatchObject({ code: 10251 });
  },
};

export const model = defineModel({
  machine: proofCheckMachine,
  events,
  assertions,
  provide,
  expected: { states: 5 },
});
