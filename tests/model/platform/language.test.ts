import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Language } from '../../../src/contract/constants.ts';
import { checkModel } from '../pathRunner.ts';
import { model, provide } from './language.model.ts';

describe('language picker machine', () => {
  checkModel(model);

  it('choosing a language from the modal applies it and closes; choosing the current one just closes', () => {
    const r: string[] = [];
    const a = createActor(
      provide((w) => r.push(w)),
      { input: { language: 'en' } },
    ).start();
    a.send({ type: 'language.open' });
    a.send({ type: 'language.choose', language: 'zh' });
    expect(a.getSnapshot().matches('applying')).toBe(true);
    a.send({ type: 'xstate.done.actor.applyLanguage', output: undefined } as never);
    expect(a.getSnapshot().matches('closed')).toBe(true);
    a.send({ type: 'language.open' });
    a.send({ type: 'language.choose', language: 'zh' });
    expect(a.getSnapshot().matches('closed')).toBe(true);
    // the desktop dropdown chooses without opening the modal
    a.send({ type: 'language.choose', language: 'ar' });
    a.send({ type: 'xstate.error.actor.applyLanguage', error: new Error('chunk failed') } as never);
    expect(a.getSnapshot().matches('closed')).toBe(true);
    expect(r).toEqual(['apply:zh', 'apply:ar']);
  });

  it('an unknown language is refused', () => {
    const a = createActor(
      provide(() => {}),
      { input: { language: 'en' } },
    ).start();
    a.send({ type: 'language.choose', language: '<script>' as Language });
    expect(a.getSnapshot().matches('closed')).toBe(true);
    expect(a.getSnapshot().context.language).toBe('en');
  });
});
