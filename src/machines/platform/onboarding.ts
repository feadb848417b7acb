import { setup } from 'xstate';

/**
 * The mobile onboarding board (docs/products.md, section 2): shown until dismissed; Continue goes to register
 * when logged out, else home; Skip goes home. Dismissal is remembered on the device (the
 * `remember` action, supplied at the root, writes localStorage); the view hides it from a signed-in user.
 */
export interface OnboardingInput {
  showBoard: boolean;
}
export type OnboardingEvent = { type: 'board.continue' } | { type: 'board.skip' };

export const onboardingMachine = setup({
  types: {
    input: {} as OnboardingInput,
    context: {} as OnboardingInput,
    events: {} as OnboardingEvent,
  },
  actions: {
    remember: () => {},
    goHome: () => {},
    goRegister: () => {},
  },
  guards: {
    shouldShow: ({ context }) => context.showBoard,
    // supplied at the root from the session
    isLoggedIn: () => false,
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({ showBoard: input.showBoard }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'shouldShow', target: 'shown' }, { target: 'dismissed' }],
    },
    shown: {
      on: {
        'board.continue': [
          { guard: 'isLoggedIn', target: 'dismissed', actions: ['remember', 'goHome'] },
          { target: 'dismissed', actions: ['remember', 'goRegister'] },
        ],
        'board.skip': { target: 'dismissed', actions: ['remember', 'goHome'] },
      },
    },
    dismissed: { type: 'final' },
  },
});
