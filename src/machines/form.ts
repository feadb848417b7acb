import { assign, fromPromise, setup } from 'xstate';

/**
 * A submitting form (login, register, reset, Google callback): editing → submitting → done, or
 * back to editing with the refusal shown beside the form. `submit` (check + API call) and
 * `succeeded` (store the session, navigate) are supplied by the screen.
 */
export interface FormContext {
  error: string | null;
  /** catalogue code of the refusal, when there is one */
  code: number | null;
}
export type FormEvent = { type: 'form.submit'; values: Record<string, string> } | { type: 'form.edit' };

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
  },
  actors: {
    submit: fromPromise<unknown, Record<string, string>>(async () => null),
  },
  actions: {
    succeeded: (_, _params: { output: unknown }) => {},
  },
}).createMachine({
  id: 'form',
  context: { error: null, code: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': 'submitting',
        'form.edit': { actions: assign({ error: null, code: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submit',
        input: ({ event }) => (event.type === 'form.submit' ? event.values : {}),
        onDone: { target: 'done', actions: { type: 'succeeded', params: ({ event }) => ({ output: event.output }) } },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const e = event.error as { message?: string; code?: number | null };
            return { error: e?.message ?? String(event.error), code: typeof e?.code === 'number' ? e.code : null };
          }),
        },
      },
    },
    done: {
      on: { 'form.edit': 'editing' },
    },
  },
});
