import Decimal from 'decimal.js';
import { assign, fromPromise, setup } from 'xstate';
import { Err } from '../../contract/errors.ts';
import type { Loan } from '../../contract/loans.ts';
import { keyFor, type KeptKey } from '../platform/clientKey.ts';
import { refusalOf, refused, type Refusal } from '../platform/refusal.ts';

/**
 * Repaying one loan, in part or in full, in its dialog (docs/loans.md):
 *
 *   editing ─repay.submit [valid]→ submitting ─done→ done
 *      └─repay.submit [else]→ refused (10042 / 10123, nothing sent)   └─error→ refused
 *   refused ─repay.amount→ editing · ─repay.submit→ (as from editing)
 *
 * The dialog is its own confirmation: it shows how the amount splits (interest first) before the
 * user pays. The client key (clientKey.ts) follows the loan and the amount: a retry of a payment
 * whose answer was lost is answered with the first payment, never made twice; another amount is
 * another payment. The dialog closes after a success (`done` is final). `repay` (repayLoan) and
 * `repaid` (close, refresh) are supplied by src/services/platform/loanFlows.ts.
 */
export type RepayLoan = Pick<Loan, 'id' | 'repaymentAmount' | 'accruedInterest' | 'principalOutstanding'>;
export interface LoanRepayContext {
  loan: RepayLoan;
  amount: string;
  clientKey: KeptKey | null;
  refusal: Refusal | null;
  result: Loan | null;
}
export type LoanRepayEvent = { type: 'repay.amount'; value: string } | { type: 'repay.submit' };

const AMOUNT = /^[0-9]{1,20}(\.[0-9]{1,6})?$/;

/** Why `amount` cannot repay a loan owing `debt`, in the service's order (10042, then 10123 with the debt), or null. */
export function repayProblem(amount: string, debt: string): Refusal | null {
  const a = amount.trim();
  if (!AMOUNT.test(a)) return refused(Err.AMOUNT_INVALID);
  if (new Decimal(a).lte(0) || new Decimal(a).gt(debt)) return refused(Err.LOAN_REPAY_AMOUNT_WRONG, { debt });
  return null;
}

// from editing and from refused alike: the guard picks the way
const submitting = [
  { guard: 'valid', target: 'submitting', actions: 'forget' },
  { target: 'refused', reenter: true, actions: 'refuse' },
] as const;

export const loanRepayMachine = setup({
  types: {
    input: {} as { loan: RepayLoan },
    context: {} as LoanRepayContext,
    events: {} as LoanRepayEvent,
  },
  actors: {
    repay: fromPromise<Loan, { id: string; amount: string; clientKey: string }>(async () => {
      throw new Error('repay not provided');
    }),
  },
  actions: {
    /** what follows a repayment (supplied by the flow's actor factory) */
    repaid: (_, _params: { loan: Loan }) => {},
    forget: assign({ refusal: null }),
    /** the same payment keeps its key; another amount gets a new one */
    keyFor: assign({ clientKey: ({ context }) => keyFor(context.clientKey, [context.loan.id, context.amount.trim()]) }),
    refuse: assign({ refusal: ({ context }) => repayProblem(context.amount, context.loan.repaymentAmount) }),
  },
  guards: {
    valid: ({ context }) => repayProblem(context.amount, context.loan.repaymentAmount) === null,
  },
}).createMachine({
  id: 'loanRepay',
  // the whole debt by default
  context: ({ input }) => ({
    loan: input.loan,
    amount: input.loan.repaymentAmount,
    clientKey: null,
    refusal: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'repay.amount': { actions: assign({ amount: ({ event }) => event.value }) },
        'repay.submit': submitting,
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'keyFor',
      invoke: {
        id: 'repay',
        src: 'repay',
        input: ({ context }) => ({ id: context.loan.id, amount: context.amount.trim(), clientKey: context.clientKey!.key }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'repaid', params: ({ event }) => ({ loan: event.output }) },
          ],
        },
        onError: { target: 'refused', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    refused: {
      on: {
        'repay.amount': { target: 'editing', actions: assign({ amount: ({ event }) => event.value, refusal: null }) },
        'repay.submit': submitting,
      },
    },
    done: { type: 'final' },
  },
});
