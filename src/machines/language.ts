import { assign, fromPromise, raise, setup } from 'xstate';
import { LANGUAGES, type Language } from '../contract/constants.ts';
import { pickerContentType, type ContentListItem, type ContentType } from '../contract/content.ts';

/**
 * The language picker (spec section 2): a modal lists the languages; choosing one sets it and
 * reloads the content lists (type 1 for zh, 2 otherwise). `applyLanguage` (i18next, <html dir>,
 * storage) and `loadContents` (the API) are supplied at the root.
 */
export interface LanguageContext {
  language: Language;
  contentType: ContentType;
  contents: ContentListItem[];
}
export type LanguageEvent =
  | { type: 'language.open' }
  | { type: 'language.close' }
  | { type: 'language.choose'; language: Language }
  | { type: 'language.reload' };

export const languageMachine = setup({
  types: {
    input: {} as { language: Language },
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  actors: {
    applyLanguage: fromPromise<void, { language: Language }>(async () => {}),
    loadContents: fromPromise<ContentListItem[], { type: ContentType }>(async () => []),
  },
  actions: {
    reloadContents: raise({ type: 'language.reload' }),
  },
  guards: {
    isKnownLanguage: ({ event }) => event.type === 'language.choose' && (LANGUAGES as readonly string[]).includes(event.language),
    isOtherLanguage: ({ context, event }) =>
      event.type === 'language.choose' && (LANGUAGES as readonly string[]).includes(event.language) && event.language !== context.language,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: input.language, contentType: pickerContentType(input.language), contents: [] }),
  type: 'parallel',
  states: {
    picker: {
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
          entry: assign(({ event }) =>
            event.type === 'language.choose' ? { language: event.language, contentType: pickerContentType(event.language) } : {},
          ),
          invoke: {
            id: 'applyLanguage',
            src: 'applyLanguage',
            input: ({ context }) => ({ language: context.language }),
            onDone: { target: 'closed', actions: 'reloadContents' },
            onError: { target: 'closed', actions: 'reloadContents' },
          },
        },
      },
    },
    contents: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['contentsLoading'],
          // a newer language while loading starts over with the new type
          on: { 'language.reload': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadContents',
            src: 'loadContents',
            input: ({ context }) => ({ type: context.contentType }),
            onDone: { target: 'ready', actions: assign({ contents: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: { on: { 'language.reload': 'loading' } },
        failed: { on: { 'language.reload': 'loading' } },
      },
    },
  },
});
