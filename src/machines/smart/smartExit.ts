import { assign, fromPromise, setup } from 'xstate';
import type { SmartExitQuote, SmartPlan } from '../../contract/smart.ts';
import { refusalOf, type Refusal } from '../platform/refusal.ts';

/**
 * Leaving one smart plan early. The user never confirms a figure the service did not give:
 *
 *   idle ─exit.start→ quoting ─done→ confirming ─exit.confirm→ exiting ─done→ done
 *                        └─error→ failed          └─exit.cancel→ idle   └─error→ failed
 *   failed ─exit.start→ quoting (asks for a fresh quote), ─exit.cancel→ idle
 *
 * `quote` (smartExitQuote/{id}: principal, penalty, refund, unpaid yield returned, exactly what
 * the exit would do now) and `exit` (exitSmart) are supplied with `.provide()` by the flow's
 * actor factory (src/services/smart/flows.ts), as is `exited` (refresh the lists). The dialog
 * is open in every state tagged 'dialog'.
 */
export interface SmartExitContext {
  id: string;
  quote: SmartExitQuote | null;
  refusal: Refusal | null;
  result: SmartPlan | null;
}
export type SmartExitEvent = { type: 'exit.start' } | { type: 'exit.confirm' } | { type: 'exit.cancel' };

export const smartExitMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as SmartExitContext,
    events: {} as SmartExitEvent,
  },
  actors: {
    quote: fromPromise<SmartExitQuote, { id: string }>(async () => {
      throw new Error('quote not provided');
    }),
    exit: fromPromise<SmartPlan, { id: string }>(async () => {
      throw new Error('exit not provided');
    }),
  },
  actions: {
    /** what follows the exit (supplied by the flow's actor factory) */
    exited: (_, _params: { plan: SmartPlan }) => {},
  },
}).createMachine({
  id: 'smartExit',
  context: ({ input }) => ({ id: input.id, quote: null, refusal: null, result: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'exit.start': { target: 'quoting', actions: assign({ quote: null, refusal: null }) } },
    },
    quoting: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'confirming', actions: assign({ quote: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
      on: { 'exit.cancel': { target: 'idle', actions: assign({ quote: null }) } },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'exit.confirm': 'exiting',
        'exit.cancel': { target: 'idle', actions: assign({ quote: null }) },
      },
    },
    exiting: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'exit',
        src: 'exit',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'exited', params: ({ event }) => ({ plan: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    // the refusal shows in the dialog; trying again asks for a new quote first
    failed: {
      tags: ['dialog'],
      on: {
        'exit.start': { target: 'quoting', actions: assign({ quote: null, refusal: null }) },
        'exit.cancel': { target: 'idle', actions: assign({ quote: null, refusal: null }) },
      },
    },
    done: { type: 'final' },
  },
});
