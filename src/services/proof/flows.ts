import { fromPromise } from 'xstate';
import { proofCheckMachine } from '../../machines/proof/proofCheck.ts';
import { proofApi } from './api.ts';

/**
 * The customer's proof check with its effects: the proof and the published summary fetched
 * together (the root to compare with comes from the public call, never from the proof itself),
 * and the verified proof saved as `proof-of-liabilities-<snapshot>.json`.
 */
export const proofCheckFlow = () =>
  proofCheckMachine.provide({
    actors: {
      load: fromPromise(async ({ signal }) => {
        const [proof, summary] = await Promise.all([proofApi.mine(signal), proofApi.summary(signal)]);
        return { proof, publishedRoot: summary.snapshot?.rootHash ?? null };
      }),
    },
    actions: {
      saveFile: (_, { proof }) => {
        const url = URL.createObjectURL(new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = `proof-of-liabilities-${proof.snapshotId}.json`;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
    },
  });
