import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Language } from '../../src/contract/constants.ts';
import { checkModel } from './pathRunner.ts';
import { contents, model, provide } from './language.model.ts';

describe('language picker machine', () => {
  checkModel(model);

  it('choosing zh applies it and reloads the content list of type 1; others type 2', () => {
    const r: string[] = [];
    const a = createActor(provide((w) => r.push(w)), { input: { language: 'en' } }).start();
    a.send({ type: 'xstate.done.actor.loadContents', output: contents } as never);
    a.send({ type: 'language.open' });
    a.send({ type: 'language.choose', language: 'zh' });
    expect(a.getSnapshot().matches({ picker: 'applying' })).toBe(true);
    a.send({ type: 'xstate.done.actor.applyLanguage', output: undefined } as never);
    expect(a.getSnapshot().matches({ picker: 'closed', contents: 'loading' })).toBe(true);
    a.send({ type: 'language.choose', language: 'ar' });
    a.send({ type: 'xstate.done.actor.applyLanguage', output: undefined } as never);
    expect(r).toEqual(['contents:2', 'apply:zh', 'contents:1', 'apply:ar', 'contents:2']);
  });

  it('an unknown language is refused', () => {
    const a = createActor(provide(() => {}), { input: { language: 'en' } }).start();
    a.send({ type: 'language.choose', language: '<script>' as Language });
    expect(a.getSnapshot().matches({ picker: 'closed' })).toBe(true);
    expect(a.getSnapshot().context.language).toBe('en');
  });
});
