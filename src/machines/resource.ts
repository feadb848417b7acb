import { assign, fromPromise, setup } from 'xstate';

/**
 * One remote resource of a screen (a list, a page, a figure set): loading → ready | failed, with
 * reload and new parameters. The `load` actor is supplied by the view's hook from a service
 * function, so views never call the API themselves.
 */
export interface ResourceContext {
  params: unknown;
  data: unknown;
  error: string | null;
}
export type ResourceEvent = { type: 'resource.reload' } | { type: 'resource.params'; params: unknown };

export const resourceMachine = setup({
  types: {
    input: {} as { params: unknown },
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
  },
  actors: {
    load: fromPromise<unknown, unknown>(async () => null),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ params: input.params, data: null, error: null }),
  initial: 'loading',
  on: {
    'resource.params': { target: '.loading', reenter: true, actions: assign({ params: ({ event }) => event.params }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }: { context: ResourceContext }) => context.params,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
      },
    },
    ready: { on: { 'resource.reload': 'loading' } },
    failed: { on: { 'resource.reload': 'loading' } },
  },
});
