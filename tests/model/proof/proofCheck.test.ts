import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { proofCheckMachine, type LoadedProof } from '../../../src/machines/proof/proofCheck.ts';
import { checkModel } from '../pathRunner.ts';
import { goodProof, model } from './proofCheck.model.ts';

describe('proof check machine', () => {
  checkModel(model);

  it('a proof whose balance was changed after download does not verify: its parts no longer add up to it', async () => {
    const tampered = { ...goodProof, balances: ['13.500000', ...goodProof.balances.slice(1)] };
    const a = createActor(
      proofCheckMachine.provide({
        actors: { load: fromPromise<LoadedProof>(async () => ({ proof: tampered, publishedRoot: goodProof.root.hash })) },
      }),
    ).start();
    a.send({ type: 'proof.check' });
    await new Promise<void>((resolve) =>
      a.subscribe((s) => {
        if (s.matches('mismatch') || s.matches('verified')) resolve();
      }),
    );
    expect(a.getSnapshot().value).toBe('mismatch');
    expect(a.getSnapshot().context.verdict).toEqual({ ok: false, reason: 'parts' });
  });
});
