import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { Ok } from '../../contract/errors.ts';
import { depositFormMachine } from '../../machines/wallet/depositForm.ts';
import { withdrawalFormMachine } from '../../machines/wallet/withdrawalForm.ts';
import { i18n } from '../../i18n/index.ts';
import { invalidateKeys } from '../platform/queries/invalidation.ts';
import { toast } from '../platform/toast.ts';
import { walletApi } from './api.ts';
import { WALLET_CHANGES } from './changes.ts';
import { checkProofImage } from './rules.ts';

/**
 * The wallet flows with their effects: the service call as `submit` (abort signal passed
 * through) and, after a success, the catalogue notice (20002 / 20003) as a toast and the wallet
 * queries the submit changed asked again (what its live event changes, WALLET_CHANGES: the live event may come later,
 * or not at all while the socket is down).
 */

const accepted = (client: QueryClient, kind: 'deposit' | 'withdrawal', notice: number) => () => {
  toast(i18n.t(`errors:${notice}`), 'success');
  void invalidateKeys(client, WALLET_CHANGES[`${kind}.submitted`]());
};

export const depositFlow = (client: QueryClient) =>
  depositFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input, signal }) => {
        await checkProofImage(input.proof);
        return walletApi.recharge(input, signal);
      }),
    },
    actions: { submitted: accepted(client, 'deposit', Ok.RECHARGE_SUBMITTED) },
  });

/** The withdrawal with the machine's client key (machines/clientKey.ts): a retry of the same withdrawal holds the amount once. */
export const withdrawalFlow = (client: QueryClient) =>
  withdrawalFormMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => walletApi.withdraw(input, input.clientKey, signal)) },
    actions: { submitted: accepted(client, 'withdrawal', Ok.WITHDRAWAL_SUBMITTED) },
  });
