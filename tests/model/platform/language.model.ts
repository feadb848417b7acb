import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { languageMachine } from '../../../src/machines/platform/language.ts';
import type { Language } from '../../../src/contract/constants.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * The language picker: generated paths over open/close/choose (known and unknown languages), with
 * applying the language delivered as a fixture (done or failed).
 */
export const provide = (record: (w: string) => void) =>
  languageMachine.provide({
    actors: {
      applyLanguage: fromPromise<void, { language: Language }>(
        ({ input }) => (record(`apply:${input.language}`), new Promise<never>(() => {})),
      ),
    },
  });

const events = [
  { type: 'language.open' },
  { type: 'language.close' },
  { type: 'language.choose', language: 'zh' },
  { type: 'language.choose', language: 'ar' },
  { type: 'language.choose', language: 'xx' },
  { type: 'xstate.done.actor.applyLanguage', output: undefined },
  { type: 'xstate.error.actor.applyLanguage', error: new Error('chunk failed') },
] as const;

type Snap = SnapshotFrom<typeof languageMachine>;
/** The language in context is a known one, and the last one applied (if any was). */
const languageMatches = (s: Snap, r: string[]) => {
  const lastApplied = r.filter((x) => x.startsWith('apply:')).at(-1);
  if (lastApplied) expect(lastApplied).toBe(`apply:${s.context.language}`);
  expect(['en', 'zh', 'ar']).toContain(s.context.language);
};
const assertions: Assertions<typeof languageMachine> = {
  closed: (s, r) => {
    languageMatches(s, r);
    expect(s.hasTag('busy')).toBe(false);
  },
  open: (s, r) => {
    languageMatches(s, r);
    expect(s.hasTag('busy')).toBe(false);
  },
  applying: (s, r) => {
    languageMatches(s, r);
    expect(s.hasTag('busy')).toBe(true);
    // applying always asks for the language it shows
    expect(r.at(-1)).toBe(`apply:${s.context.language}`);
  },
};

export const model = defineModel({
  machine: languageMachine,
  input: { language: 'en' },
  events,
  assertions,
  provide,
  contextKey: (s) => s.context.language,
  expected: { states: 3 },
});
