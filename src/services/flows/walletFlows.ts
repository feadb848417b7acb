import { fromPromise } from 'xstate';
import { Ok } from '../../contract/errors.ts';
import { depositFormMachine } from '../../machines/depositForm.ts';
import { withdrawalFormMachine, type WithdrawalValues } from '../../machines/withdrawalForm.ts';
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

/**
 * The withdrawal's client key: one per withdrawal the user means to make. Sending the same values
 * again after a failure (a timeout whose request may have arrived) reuses the key, so the service
 * answers with the first withdrawal instead of holding the amount twice; a success or other values
 * start a new one.
 */
function clientKeys() {
  let last: { values: string; key: string } | null = null;
  return {
    keyFor(values: WithdrawalValues): string {
      const id = JSON.stringify([values.method, values.address.trim(), values.amount.trim()]);
      if (last?.values !== id) last = { values: id, key: crypto.randomUUID() };
      return last.key;
    },
    used() {
      last = null;
    },
  };
}

export const withdrawalFlow = (onSubmitted: () => void) => {
  const keys = clientKeys();
  const done = accepted(Ok.WITHDRAWAL_SUBMITTED, onSubmitted);
  return withdrawalFormMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => walletApi.withdraw(input, keys.keyFor(input), signal)) },
    actions: {
      submitted: () => {
        keys.used();
        done();
      },
    },
  });
};
