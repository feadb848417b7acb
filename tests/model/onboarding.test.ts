import { describe, expect, it } from 'vitest';
import { onboardingMachine } from '../../src/machines/onboarding.ts';
import { checkModel, type Assertions } from './pathRunner.ts';

const provideWith = (loggedIn: boolean) => (record: (w: string) => void) =>
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

describe('onboarding board machine', () => {
  for (const loggedIn of [false, true]) {
    it(`generated paths (${loggedIn ? 'logged in' : 'logged out'})`, () => {
      const provide = provideWith(loggedIn);
      const r = checkModel({ machine: provide(() => {}), input: { showBoard: true }, events, assertions: assertions(loggedIn, true), provide });
      expect(r.edges).toBe(2);
    });
  }
  it('a board dismissed earlier in this browser session is not shown', () => {
    const provide = provideWith(false);
    const r = checkModel({ machine: provide(() => {}), input: { showBoard: false }, events, assertions: assertions(false, false), provide });
    expect(r.states).toBe(1);
  });
  it('Continue goes to register when logged out, home when logged in; Skip goes home', async () => {
    const { createActor } = await import('xstate');
    for (const [loggedIn, event, expected] of [[false, 'board.continue', 'goRegister'], [true, 'board.continue', 'goHome'], [false, 'board.skip', 'goHome']] as const) {
      const r: string[] = [];
      const a = createActor(provideWith(loggedIn)((w) => r.push(w)), { input: { showBoard: true } }).start();
      a.send({ type: event });
      expect(r).toEqual(['remember', expected]);
    }
  });
});
