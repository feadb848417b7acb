import { assign, fromPromise, setup } from 'xstate';
import type { Withdrawal } from '../contract/wallet.ts';
import { refusalOf, type Refusal } from './depositForm.ts';

/**
 * The withdrawal form: editing → validating (method, address, amount, minimum, available
 * balance) → submitting → submitted (20003: the amount sits in the hold), or failed with the
 * catalogue code. `validate` and `submit` are supplied by the screen. The fee preview is a pure
 * function of the values (services/money.ts), not state.
 */
export interface WithdrawalValues {
  /** e.g. 'USDT-TRC20' */
  method: string;
  address: string;
  amount: string;
}

export interface WithdrawalFormContext {
  values: WithdrawalValues | null;
  refusal: Refusal | null;
  result: Withdrawal | null;
}
export type WithdrawalFormEvent =
  | { type: 'withdrawalForm.submit'; values: WithdrawalValues }
  | { type: 'withdrawalForm.edit' }
  | { type: 'withdrawalForm.reset' };

export const withdrawalFormMachine = setup({
  types: {
    context: {} as WithdrawalFormContext,
    events: {} as WithdrawalFormEvent,
  },
  actors: {
    validate: fromPromise<void, WithdrawalValues>(async () => {}),
    submit: fromPromise<Withdrawal, WithdrawalValues>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** toast 20003, reload balances and records (supplied by the screen) */
    submitted: (_, _params: { withdrawal: Withdrawal }) => {},
  },
}).createMachine({
  id: 'withdrawalForm',
  context: { values: null, refusal: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'withdrawalForm.submit': { target: 'validating', actions: assign({ values: ({ event }) => event.values, refusal: null }) },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => context.values!,
        onDone: 'submitting',
        onError: { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values!,
        onDone: {
          target: 'submitted',
          actions: [assign({ result: ({ event }) => event.output }), { type: 'submitted', params: ({ event }) => ({ withdrawal: event.output }) }],
        },
        onError: { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    failed: {
      on: {
        'withdrawalForm.edit': { target: 'editing', actions: assign({ refusal: null }) },
        'withdrawalForm.submit': { target: 'validating', actions: assign({ values: ({ event }) => event.values, refusal: null }) },
      },
    },
    submitted: {
      on: { 'withdrawalForm.reset': { target: 'editing', actions: assign({ values: null, result: null }) } },
    },
  },
});
