import { assign, fromPromise, setup } from 'xstate';
import type { SendCodeResult } from '../../contract/auth.ts';
import { targetOf, targetRefusal, type Target, type TargetValues } from './credentials.ts';

/**
 * The "send code" button of register and password reset: idle → sending → counting down (one
 * tick a second) → idle. A code is only asked for a target that can receive it (the `hasTarget`
 * guard: a well-formed e-mail or a phone number), so the screen enables the button exactly when
 * the machine can take `code.send`. The countdown length comes from the service
 * (`resendAfterSeconds`); `sendCode` (the service call with the purpose) is supplied by the
 * flow's actor factory.
 */
export interface CodeSenderContext {
  secondsLeft: number;
  sentTo: string | null;
  error: string | null;
}
/** `target`: the channel and fields the form shows; the code goes to `targetOf(target)`. */
export type CodeSenderEvent = { type: 'code.send'; target: TargetValues };

export const codeSenderMachine = setup({
  types: {
    context: {} as CodeSenderContext,
    events: {} as CodeSenderEvent,
  },
  actors: {
    sendCode: fromPromise<Pick<SendCodeResult, 'sentTo' | 'resendAfterSeconds'>, Target>(async () => {
      throw new Error('sendCode not provided');
    }),
  },
  guards: {
    hasTarget: ({ event }) => targetRefusal(event.target) === null,
    moreToWait: ({ context }) => context.secondsLeft > 1,
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'codeSender',
  context: { secondsLeft: 0, sentTo: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'code.send': { guard: 'hasTarget', target: 'sending' } },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => targetOf((event as CodeSenderEvent).target),
        onDone: {
          target: 'coolingDown',
          actions: assign(({ event }) => ({
            secondsLeft: event.output.resendAfterSeconds,
            sentTo: event.output.sentTo,
            error: null,
          })),
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
          {
            guard: 'moreToWait',
            target: 'coolingDown',
            reenter: true,
            actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
          },
          { target: 'idle', actions: assign({ secondsLeft: 0 }) },
        ],
      },
    },
  },
});
