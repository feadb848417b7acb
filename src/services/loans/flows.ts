import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { loanBorrowMachine } from '../../machines/loans/loanBorrow.ts';
import { loanRepayMachine } from '../../machines/loans/loanRepay.ts';
import { loansApi, type Loan } from './api.ts';
import { invalidateKeys } from '../platform/queries/invalidation.ts';
import { walletKeys } from '../wallet/index.ts';
import { loanKeys } from './queries.ts';

/**
 * The loan flows with their effects: the application (multipart loan call with the machine's
 * client key and the drawn signature) and the repayment (repayLoan with the machine's key). After
 * a success the loans and the real balances are asked again here (the live user event may come
 * later, or not at all while the socket is down).
 */
const loansChanged = (client: QueryClient) => invalidateKeys(client, [loanKeys.all, walletKeys.balances('real')]);

export const loanBorrowFlow = (client: QueryClient) =>
  loanBorrowMachine.provide({
    actors: {
      // the machine keeps the pad's PNG as it came: a Blob in the browser
      submit: fromPromise(({ input, signal }) =>
        loansApi.submit({ ...input.values, signature: input.values.signature as Blob }, input.clientKey, signal),
      ),
    },
    actions: { submitted: () => void loansChanged(client) },
  });

/** `onRepaid`: the screen closes the dialog. */
export const loanRepayFlow = (client: QueryClient, onRepaid: (loan: Loan) => void) =>
  loanRepayMachine.provide({
    actors: {
      repay: fromPromise(({ input, signal }) => loansApi.repay(input.id, input.amount, input.clientKey, signal)),
    },
    actions: {
      repaid: (_, { loan }) => {
        void loansChanged(client);
        onRepaid(loan);
      },
    },
  });
