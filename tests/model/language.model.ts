import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { languageMachine } from '../../src/machines/language.ts';
import type { Language } from '../../src/contract/constants.ts';
import { defineModel, type Assertions } from './paths.ts';

/**
 * The language picker: generated paths over open/close/choose (known and unknown languages) and
 * reload, with applying the language and loading the content list delivered as fixtures.
 */
export const provide = (record: (w: string) => void) =>
  languageMachine.provide({
    actors: {
      applyLanguage: fromPromise<void, { language: Language }>(({ input }) => (record(`apply:${input.language}`), new Promise<never>(() => {}))),
      loadContents: fromPromise(({ input }) => (record(`contents:${input.type}`), new Promise<never>(() => {}))),
    },
  });

export const contents = [{ id: '1', title: 'About us', type: 1 as const, slug: 'about-us' }];
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

type Snap = SnapshotFrom<typeof languageMachine>;
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

export const model = defineModel({
  machine: languageMachine,
  input: { language: 'en' },
  events,
  assertions,
  provide,
  contextKey: (s) => s.context.language,
  simplePaths: false,
  expected: { states: 9 },
});
