import { assign, fromPromise, setup } from 'xstate';
import type { RecoveryCodes, TwoFactorSetup } from '../../contract/twoFactor.ts';
import { TOTP_RE } from '../../contract/twoFactorRules.ts';
import { problem, refusalOf, type Refusal } from '../platform/refusal.ts';
import { loginCode } from './twoFactorLogin.ts';

/**
 * Enrolment in two-factor sign-in (docs/security.md, "Two-factor sign-in"):
 *
 *   idle ─enrol.start→ starting ─done→ scanning (the QR code and the secret)
 *   scanning ─enrol.confirm [6 digits]→ confirming ─done→ showingCodes ─enrol.done→ done
 *        │  └─enrol.confirm [else]→ scanning (refusal)       └─error→ scanning (refusal)
 *        └─enrol.cancel→ idle
 *   starting ─error→ idle (refusal)
 *
 * The recovery codes exist only in `showingCodes` (the service keeps their hashes); leaving it
 * forgets them. `setup` and `enable` are the service calls, `finished` what follows (the status
 * asked for again), supplied where the machine runs (src/services/auth/twoFactorFlows.ts).
 */
export interface TwoFactorEnrolContext {
  setup: TwoFactorSetup | null;
  recoveryCodes: string[];
  refusal: Refusal | null;
}

export type TwoFactorEnrolEvent =
  { type: 'enrol.start' } | { type: 'enrol.confirm'; code: string } | { type: 'enrol.cancel' } | { type: 'enrol.done' };

const codeOf = (e: TwoFactorEnrolEvent) => (e.type === 'enrol.confirm' ? loginCode(e.code) : '');

export const twoFactorEnrolMachine = setup({
  types: { context: {} as TwoFactorEnrolContext, events: {} as TwoFactorEnrolEvent },
  actors: {
    setup: fromPromise<TwoFactorSetup>(async () => {
      throw new Error('twoFactorEnrol: setup not provided');
    }),
    enable: fromPromise<RecoveryCodes, { code: string }>(async () => {
      throw new Error('twoFactorEnrol: enable not provided');
    }),
  },
  actions: {
    keepSetup: assign({ setup: (_, p: { setup: TwoFactorSetup }) => p.setup, refusal: null }),
    keepCodes: assign({ recoveryCodes: (_, p: { codes: RecoveryCodes }) => p.codes.recoveryCodes, refusal: null }),
    fail: assign({ refusal: (_, p: { error: unknown }) => refusalOf(p.error) }),
    refuseShape: assign({ refusal: () => problem('twoFactor.codeShape') }),
    forget: assign({ setup: null, recoveryCodes: [], refusal: null }),
    /** after the codes were seen: the status is asked for again (supplied) */
    finished: () => {},
  },
  guards: {
    sixDigits: ({ event }) => TOTP_RE.test(codeOf(event)),
  },
}).createMachine({
  id: 'twoFactorEnrol',
  context: { setup: null, recoveryCodes: [], refusal: null },
  initial: 'idle',
  states: {
    idle: { on: { 'enrol.start': 'starting' } },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'setup',
        src: 'setup',
        onDone: { target: 'scanning', actions: { type: 'keepSetup', params: ({ event }) => ({ setup: event.output }) } },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    scanning: {
      on: {
        'enrol.confirm': [{ guard: 'sixDigits', target: 'confirming' }, { actions: 'refuseShape' }],
        'enrol.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'enable',
        src: 'enable',
        input: ({ event }) => ({ code: codeOf(event) }),
        onDone: { target: 'showingCodes', actions: { type: 'keepCodes', params: ({ event }) => ({ codes: event.output }) } },
        onError: { target: 'scanning', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showingCodes: { on: { 'enrol.done': { target: 'done', actions: ['forget', 'finished'] } } },
    done: { type: 'final' },
  },
});
