import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkModel } from '../pathRunner.ts';
import { model, provideWith } from './onboarding.model.ts';

describe('onboarding board machine', () => {
  checkModel(model);

  it('Continue goes to register when logged out, home when logged in; Skip goes home', () => {
    for (const [loggedIn, event, expected] of [
      [false, 'board.continue', 'goRegister'],
      [true, 'board.continue', 'goHome'],
      [false, 'board.skip', 'goHome'],
    ] as const) {
      const r: string[] = [];
      const a = createActor(
        provideWith(loggedIn)((w) => r.push(w)),
        { input: { showBoard: true } },
      ).start();
      a.send({ type: event });
      expect(r).toEqual(['remember', expected]);
    }
  });
});
