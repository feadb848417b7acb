import { expect } from 'vitest';
import { onboardingMachine } from '../../../src/machines/platform/onboarding.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * The onboarding board: generated paths over Continue and Skip, logged in and out, and a board
 * dismissed earlier in this browser session (not shown at all).
 */
export const provideWith = (loggedIn: boolean) => (record: (w: string) => void) =>
  onboardingMachine.provide({
    actions: { remember: () => record('remember'), goHome: () => record('goHome'), goRegister: () => record('goRegister') },
    guards: { isLoggedIn: () => loggedIn },
  });

const events = [{ type: 'board.continue' }, { type: 'board.skip' }] as const;

function assertions(loggedIn: boolean, shown: boolean): Assertions<typeof onboardingMachine> {
  return {
    ...(shown ? { shown: (_s, r) => expect(r).toEqual([]) } : {}),
    dismissed: (s, r) => {
      expect(s.status).toBe('done');
      if (!shown) return expect(r).toEqual([]);
      // dismissal is remembered, then exactly one navigation
      expect(r[0]).toBe('remember');
      expect(r).toHaveLength(2);
      expect(['goHome', loggedIn ? 'goHome' : 'goRegister']).toContain(r[1]);
    },
  };
}

const board = (name: string, loggedIn: boolean, shown: boolean, expected: { states?: number; edges?: number }) => ({
  name,
  machine: onboardingMachine,
  input: { showBoard: shown },
  events,
  assertions: assertions(loggedIn, shown),
  provide: provideWith(loggedIn),
  expected,
});

export const model = defineModel(
  board('logged out', false, true, { edges: 2 }),
  board('logged in', true, true, { edges: 2 }),
  board('dismissed earlier in this browser session', false, false, { states: 1 }),
);
