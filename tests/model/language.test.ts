import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { languageMachine } from '../../src/machines/language.ts';
import type { Language } from '../../src/contract/constants.ts';
import { checkModel, type Assertions } from './pathRunner.ts';

const provide = (record: (w: string) => void) =>
  languageMachine.provide({
    actors: {
      applyLanguage: fromPromise<void, { language: Language }>(({ input }) => (record(`apply:${input.language}`), new Promise<never>(() => {}))),
      loadContents: fromPromise(({ input }) => (record(`contents:${input.type}`), new Promise<never>(() => {}))),
    },
  });

const contents = [{ id: '1', title: 'About us', type: 1 as const, slug: 'about-us' }];
const events = [
  { type: 'language.open' },
  { type: 'language.close' },
  { type: 'language.choose', language: 'zh' },
  { type: 'language.choose', language: 'ar' },
  { type: 'language.choose', language: 'xx' },
  { type: 'language.reload' },
  { type: 'xstate.done.actor.applyLanguage', output: undefined },
  { type: 'xstate.error.actor.applyLanguage', error: new Error('chunk failed') },
  { type: 'xstate.done.actor.loadContents', output: contents },
  { type: 'xstate.error.actor.loadContents', error: new Error('offline') },
] as const;

type Snap = ReturnType<ReturnType<typeof createActor<typeof languageMachine>>['getSnapshot']>;
/** The contents requested last match the language: type 1 for zh, 2 otherwise. */
const contentTypeMatches = (s: Snap, r: string[]) => {
  expect(s.context.contentType).toBe(s.context.language === 'zh' ? 1 : 2);
  const lastApplied = r.filter((x) => x.startsWith('apply:')).at(-1);
  if (lastApplied) expect(lastApplied).toBe(`apply:${s.context.language}`);
  expect(['en', 'zh', 'ar']).toContain(s.context.language);
};
const assertions: Assertions<typeof languageMachine> = {};
for (const picker of ['closed', 'open', 'applying']) {
  for (const c of ['loading', 'ready', 'failed']) {
    assertions[`contents:${c}|picker:${picker}`] = (s, r) => {
      contentTypeMatches(s, r);
      if (picker === 'applying') expect(s.hasTag('busy')).toBe(true);
      // while a new language is being applied the previous list may still be loading; afterwards it is reloaded
      if (c === 'loading' && picker !== 'applying') expect(r.filter((x) => x.startsWith('contents:')).at(-1)).toBe(`contents:${s.context.contentType}`);
      if (c === 'ready') expect(s.context.contents).toEqual(contents);
    };
  }
}

describe('language picker machine', () => {
  it('generated paths cover every transition', () => {
    const r = checkModel({
      machine: provide(() => {}),
      input: { language: 'en' },
      events,
      assertions,
      provide,
      contextKey: (s) => s.context.language,
      simplePaths: false,
    });
    expect(r.states).toBe(9);
  });

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
