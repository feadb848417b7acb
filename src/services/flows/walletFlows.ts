import { fromPromise } from 'xstate';
import { Ok } from '../../contract/errors.ts';
import { depositFormMachine } from '../../machines/depositForm.ts';
import { withdrawalFormMachine } from '../../machines/withdrawalForm.ts';
import { i18n } from '../../i18n/index.ts';
import { toast } from '../toast.ts';
import { walletApi } from '../walletApi.ts';
import { checkProofImage } from '../walletRules.ts';

/**
 * The wallet flows with their effects: the service call as `submit` (abort signal passed
 * through) and, after a success, the catalogue notice (20002 / 20003) as a toast and the
 * screen's `onSubmitted` (it asks again for the wallet queries the submit changed).
 */

const accepted = (notice: number, onSubmitted: () => void) => () => {
  toast(i18n.t(`errors:${notice}`), 'success');
  onSubmitted();
};

export const depositFlow = (onSubmitted: () => void) =>
  depositFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input, signal }) => {
        await checkProofImage(input.proof);
        return walletApi.recharge(input, signal);
      }),
    },
    actions: { submitted: accepted(Ok.RECHARGE_SUBMITTED, onSubmitted) },
  });

export const withdrawalFlow = (onSubmitted: () => void) =>
  withdrawalFormMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => walletApi.withdraw(input, signal)) },
    actions: { submitted: accepted(Ok.WITHDRAWAL_SUBMITTED, onSubmitted) },
  });
