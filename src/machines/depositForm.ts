import { assign, fromPromise, setup } from 'xstate';
import type { Asset } from '../contract/constants.ts';
import type { Deposit, Network } from '../contract/wallet.ts';

/**
 * The deposit (recharge) form: editing → validating (client-side checks: amount, minimum, hash,
 * proof digits, image type and size) → submitting → submitted (20002), or failed with the
 * catalogue code of the refusal, local or from the service. `validate` and `submit` are supplied
 * by the screen (services/walletRules.ts, services/walletApi.ts), so the chart stays pure.
 */

/** What the machine needs of the proof image; a browser File has these fields. */
export interface ProofFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}
export interface DepositValues {
  coin: Asset;
  network: Network;
  amount: string;
  txHash: string;
  proofLast6: string;
  proof: ProofFile | null;
}

/** A refusal: the catalogue code (null for a network failure) and its text in the user's language. */
export interface Refusal {
  code: number | null;
  message: string;
}
export function refusalOf(error: unknown): Refusal {
  const e = error as { code?: unknown; message?: unknown } | null;
  return { code: typeof e?.code === 'number' ? e.code : null, message: typeof e?.message === 'string' ? e.message : String(error) };
}

export interface DepositFormContext {
  values: DepositValues | null;
  refusal: Refusal | null;
  result: Deposit | null;
}
export type DepositFormEvent =
  | { type: 'depositForm.submit'; values: DepositValues }
  | { type: 'depositForm.edit' }
  | { type: 'depositForm.reset' };

export const depositFormMachine = setup({
  types: {
    context: {} as DepositFormContext,
    events: {} as DepositFormEvent,
  },
  actors: {
    validate: fromPromise<void, DepositValues>(async () => {}),
    submit: fromPromise<Deposit, DepositValues>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** toast 20002, reload balances and records (supplied by the screen) */
    submitted: (_, _params: { deposit: Deposit }) => {},
  },
}).createMachine({
  id: 'depositForm',
  context: { values: null, refusal: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'depositForm.submit': { target: 'validating', actions: assign({ values: ({ event }) => event.values, refusal: null }) },
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
          actions: [assign({ result: ({ event }) => event.output }), { type: 'submitted', params: ({ event }) => ({ deposit: event.output }) }],
        },
        onError: { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    failed: {
      on: {
        'depositForm.edit': { target: 'editing', actions: assign({ refusal: null }) },
        'depositForm.submit': { target: 'validating', actions: assign({ values: ({ event }) => event.values, refusal: null }) },
      },
    },
    submitted: {
      // another deposit: an empty form (the proof image is not reused)
      on: { 'depositForm.reset': { target: 'editing', actions: assign({ values: null, result: null }) } },
    },
  },
});
