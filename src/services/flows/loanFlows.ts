import { fromPromise } from 'xstate';
import { loanBorrowMachine } from '../../machines/loanBorrow.ts';
import { loanRepayMachine } from '../../machines/loanRepay.ts';
import { loansApi, type Loan } from '../loansApi.ts';

/**
 * The loan flows with their effects: the application (multipart loan call with the flow's client
 * key and the drawn signature) and the repayment (repayLoan with the dialog's key). After a
 * success the screen's callback asks again for the loans and the real balances (the live user
 * event may come later, or not at all while the socket is down).
 */
export const loanBorrowFlow = (onSubmitted: (loan: Loan) => void) =>
  loanBorrowMachine.provide({
    actors: {
      // the machine keeps the pad's PNG as it came: a Blob in the browser
      submit: fromPromise(({ input, signal }) => loansApi.submit({ ...input.values, signature: input.values.signature as Blob }, input.clientKey, signal)),
    },
    actions: { submitted: (_, { loan }) => onSubmitted(loan) },
  });

export const loanRepayFlow = (onRepaid: (loan: Loan) => void) =>
  loanRepayMachine.provide({
    actors: {
      repay: fromPromise(({ input, signal }) => loansApi.repay(input.id, input.amount, input.clientKey, signal)),
    },
    actions: { repaid: (_, { loan }) => onRepaid(loan) },
  });
