import { assign, fromPromise, setup } from 'xstate';
import { LANGUAGES, type Language } from '../../contract/constants.ts';

/**
 * The language picker (docs/frontend.md, "Actors"): a modal lists the languages; choosing one
 * applies it (`applyLanguage`: i18next, <html lang dir>, storage, and when signed in the language of
 * the account's mail; supplied at the root). Content
 * in the new language needs nothing from this machine: every content query's key carries the
 * language, so the lists on screen ask again by themselves.
 */
export interface LanguageContext {
  language: Language;
}
export type LanguageEvent =
  { type: 'language.open' } | { type: 'language.close' } | { type: 'language.choose'; language: Language };

const known = (language: string) => (LANGUAGES as readonly string[]).includes(language);

export const languageMachine = setup({
  types: {
    input: {} as { language: Language },
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  actors: {
    applyLanguage: fromPromise<void, { language: Language }>(async () => {}),
  },
  guards: {
    isKnownLanguage: ({ event }) => event.type === 'language.choose' && known(event.language),
    isOtherLanguage: ({ context, event }) =>
      event.type === 'language.choose' && known(event.language) && event.language !== context.language,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: input.language }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'language.open': 'open',
        // the desktop dropdown chooses without opening the modal
        'language.choose': { guard: 'isKnownLanguage', target: 'applying' },
      },
    },
    open: {
      on: {
        'language.close': 'closed',
        'language.choose': [
          { guard: 'isOtherLanguage', target: 'applying' },
          { guard: 'isKnownLanguage', target: 'closed' },
        ],
      },
    },
    applying: {
      tags: ['busy'],
      entry: assign(({ event }) => (event.type === 'language.choose' ? { language: event.language } : {})),
      invoke: {
        id: 'applyLanguage',
        src: 'applyLanguage',
        input: ({ context }) => ({ language: context.language }),
        // a language whose strings failed to load keeps the picker usable: the next choice retries
        onDone: 'closed',
        onError: 'closed',
      },
    },
  },
});
