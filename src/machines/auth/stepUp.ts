import { assertEvent, assign, setup } from 'xstate';
import { TOTP_RE } from '../../contract/twoFactorRules.ts';
import { problem, type Refusal } from '../platform/refusal.ts';
import { loginCode } from './twoFactorLogin.ts';

/**
 * Step-up: a call the service refused for want of a fresh authenticator code (10212) asks for
 * one here, for any flow (a withdrawal, a password change, an operator's approval); the HTTP
 * client sends the same call again with it (src/services/platform/api.ts, `setStepUpPrompt`):
 *
 *   idle ─stepUp.ask→ asking ─stepUp.submit [6 digits]→ idle (answered: the code)
 *                       │  └─stepUp.submit [else]→ asking (refusal)
 *                       └─stepUp.cancel→ idle (cancelled)
 *
 * `message` is the refusal of the code sent before (wrong, already used), null the first time.
 */
export interface StepUpContext {
  message: string | null;
  refusal: Refusal | null;
}

export type StepUpEvent =
  { type: 'stepUp.ask'; message: string | null } | { type: 'stepUp.submit'; code: string } | { type: 'stepUp.cancel' };

export const stepUpMachine = setup({
  types: { context: {} as StepUpContext, events: {} as StepUpEvent },
  actions: {
    keepMessage: assign(({ event }) => {
      assertEvent(event, 'stepUp.ask');
      return { message: event.message, refusal: null };
    }),
    refuseShape: assign({ refusal: () => problem('twoFactor.codeShape') }),
    /** the code goes back to the waiting call (supplied) */
    answered: (_, _p: { code: string }) => {},
    /** the waiting call gives up with its refusal (supplied) */
    cancelled: () => {},
  },
  guards: {
    sixDigits: ({ event }) => {
      assertEvent(event, 'stepUp.submit');
      return TOTP_RE.test(loginCode(event.code));
    },
  },
}).createMachine({
  id: 'stepUp',
  context: { message: null, refusal: null },
  initial: 'idle',
  states: {
    idle: { on: { 'stepUp.ask': { target: 'asking', actions: 'keepMessage' } } },
    asking: {
      tags: ['dialog'],
      on: {
        'stepUp.submit': [
          {
            guard: 'sixDigits',
            target: 'idle',
            actions: { type: 'answered', params: ({ event }) => ({ code: loginCode(event.code) }) },
          },
          { actions: 'refuseShape' },
        ],
        'stepUp.cancel': { target: 'idle', actions: 'cancelled' },
      },
    },
  },
});
