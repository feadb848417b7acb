import { assign, fromPromise, setup } from 'xstate';

/**
 * The "send code" button: idle → sending → counting down (one tick a second) → idle. The
 * countdown length comes from the service (`resendAfterSeconds`).
 */
export interface CodeSenderContext {
  secondsLeft: number;
  sentTo: string | null;
  error: string | null;
}
export type CodeSenderEvent = { type: 'code.send'; target: Record<string, string> };

export const codeSenderMachine = setup({
  types: {
    context: {} as CodeSenderContext,
    events: {} as CodeSenderEvent,
  },
  actors: {
    sendCode: fromPromise<{ sentTo: string; resendAfterSeconds: number }, Record<string, string>>(async () => ({ sentTo: '', resendAfterSeconds: 60 })),
  },
  guards: {
    moreToWait: ({ context }) => context.secondsLeft > 1,
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'codeSender',
  context: { secondsLeft: 0, sentTo: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'code.send': 'sending' },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ event }) => (event.type === 'code.send' ? event.target : {}),
        onDone: {
          target: 'coolingDown',
          actions: assign(({ event }) => ({ secondsLeft: event.output.resendAfterSeconds, sentTo: event.output.sentTo, error: null })),
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    coolingDown: {
      tags: ['busy'],
      after: {
        tick: [
          { guard: 'moreToWait', target: 'coolingDown', reenter: true, actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
          { target: 'idle', actions: assign({ secondsLeft: 0 }) },
        ],
      },
    },
  },
});
