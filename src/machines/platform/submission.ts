import { assertEvent, assign, fromPromise, setup, type AnyEventObject, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { keyFor, type KeptKey } from './clientKey.ts';
import type { Refusal } from './refusal.ts';
import { refusalOf } from './refusal.ts';

/**
 * The shape every page flow that submits a form shares (sign-in, register, password reset, the
 * Google start and callback, deposit, withdrawal), built once here so that each flow is one
 * line of configuration and the diagrams read alike:
 *
 *   editing ─<id>.submit [valid]→ submitting ─done→ submitted
 *      │  └─<id>.submit [else]→ failed          └─error→ failed
 *   failed ─<id>.edit→ editing, ─<id>.submit→ (as from editing)
 *   submitted ─<id>.reset→ editing   (only flows the user may repeat; otherwise final)
 *
 * A flow that moves or locks money (`confirm`, e.g. a plan purchase, closing a position) stops
 * in between and asks: the accepted values wait in `confirming`, where the screen shows the
 * amount, the book and the consequence; only `<id>.confirm` sends them, `<id>.edit` goes back:
 *
 *   editing ─<id>.submit [valid]→ confirming ─<id>.confirm→ submitting
 *                                     └─<id>.edit→ editing
 *
 * `check` is the flow's pure rule (the contract's schemas and rules): the refusal of values that
 * cannot be sent, or null. It is the `valid` guard, and its refusal is what `failed` shows, so a
 * bad value never leaves the browser (a flow with nothing to check has no guard). A flow whose
 * screen shows the problem beside its fields as they are typed (`takesValidOnly`, the pending
 * order ticket) does not take bad values at all: `<id>.submit` has no transition for them, so the
 * screen asks `snapshot.can({ type: '<id>.submit', values })` to enable its button. The `submit`
 * actor (the service call) and the `submitted` action (store the session, navigate, toast, ask
 * again for what changed) are supplied with `.provide()` by the flow's actor factory
 * (src/services/platform), so the chart knows nothing of HTTP, React or the router.
 *
 * A money flow (`keyed`) sends a client key with its values (clientKey.ts): made when the values
 * are first sent, the same for every retry of the same values, forgotten after a success. The
 * submit actor then gets the values with their `clientKey`.
 */
export interface SubmissionContext<Values, Output> {
  /** what was last submitted (null on a fresh form) */
  values: Values | null;
  refusal: Refusal | null;
  /** what the service returned (the record created, the session) */
  result: Output | null;
  /** a money flow's client key with the values it was made for (null otherwise, and after a success) */
  clientKey: KeptKey | null;
}

/** The events of a flow, namespaced by its id: `register.submit`, `depositForm.edit`, ... */
export type SubmissionEvent<Id extends string, Values> =
  { type: `${Id}.submit`; values: Values } | { type: `${Id}.edit` } | { type: `${Id}.reset` } | { type: `${Id}.confirm` };

export interface SubmissionSpec<Id extends string, Values> {
  /** the machine's id, also the namespace of its events */
  id: Id;
  /** absent for a flow with nothing to check before asking (the Google start): no guard then */
  check?: (values: Values) => Refusal | null;
  /** the user may submit again after a success (a second deposit); otherwise `submitted` is final */
  again?: boolean;
  /** the flow moves or locks money: accepted values wait in `confirming` for `<id>.confirm` */
  confirm?: boolean;
  /**
   * Values `check` refuses are not taken (no `failed` for them): the screen shows the problem
   * itself and asks `can(<id>.submit)` for its button; `failed` then holds the service's refusals only.
   */
  takesValidOnly?: boolean;
  /**
   * A money call: what of the values makes the submission (the fields sent, trimmed). The key is
   * kept while it stays the same; the submit actor gets `{ ...values, clientKey }` (declare the
   * flow's input as `Keyed<Values>`).
   */
  keyed?: (values: Values) => unknown;
}

// the guard and actions run only on `<id>.submit`: assertEvent checks it; the cast stays because
// this xstate (5.33.3) does not narrow an event type built from a type parameter (5.33.4 does)
const valuesOf = <Values>(event: AnyEventObject, submit: string): Values => {
  assertEvent(event, submit);
  return (event as unknown as { values: Values }).values;
};

export function submissionMachine<const Id extends string, Values, Output, Input = Values>({
  id,
  check,
  again = false,
  confirm = false,
  takesValidOnly = false,
  keyed,
}: SubmissionSpec<Id, Values>) {
  type Event = SubmissionEvent<Id, Values>;
  const submit = `${id}.submit` as const;
  // accepted values are sent at once, or first shown for confirmation
  const accepted = confirm ? 'confirming' : 'submitting';
  // the dialog starts clean: the refusal of an earlier try is not the answer to these values
  const accept = confirm ? ['keepValues', 'forget'] : 'keepValues';
  // the submit transition is the same from editing and from failed: the guard picks the way
  const onSubmit = {
    [submit]: check
      ? [
          { guard: 'valid', target: accepted, actions: accept },
          // a flow that takes valid values only has no way for the others: `can` says so
          ...(takesValidOnly ? [] : [{ target: 'failed', actions: ['keepValues', 'refuse'] }]),
        ]
      : { target: accepted, actions: accept },
  } as const;
  const refusalOfValues = (values: Values) => check?.(values) ?? null;
  return setup({
    types: {
      context: {} as SubmissionContext<Values, Output>,
      events: {} as Event,
    },
    actors: {
      submit: fromPromise<Output, Input>(async () => {
        throw new Error(`${id}: submit not provided`);
      }),
    },
    actions: {
      keepValues: assign({ values: ({ event }) => valuesOf<Values>(event, submit) }),
      refuse: assign({ refusal: ({ event }) => refusalOfValues(valuesOf<Values>(event, submit)) }),
      forget: assign({ refusal: null }),
      clear: assign({ values: null, refusal: null, result: null }),
      /** the same submission keeps its key; other values get a new one */
      keyFor: assign({
        clientKey: ({ context }) => (keyed && context.values !== null ? keyFor(context.clientKey, keyed(context.values)) : null),
      }),
      keepResult: assign({ result: (_, params: { output: Output }) => params.output, clientKey: null }),
      fail: assign({ refusal: (_, params: { error: unknown }) => refusalOf(params.error) }),
      /** what follows a success (supplied by the flow's actor factory) */
      submitted: (_, _params: { output: Output }) => {},
    },
    guards: {
      valid: ({ event }) => refusalOfValues(valuesOf<Values>(event, submit)) === null,
    },
  }).createMachine({
    id,
    context: { values: null, refusal: null, result: null, clientKey: null },
    initial: 'editing',
    states: {
      editing: { on: onSubmit as never },
      // present only in flows that confirm; typed as nothing so the other states keep their types
      ...((confirm
        ? {
            confirming: {
              tags: ['dialog'],
              on: { [`${id}.confirm`]: { target: 'submitting' }, [`${id}.edit`]: { target: 'editing', actions: 'forget' } },
            },
          }
        : {}) as object),
      submitting: {
        tags: confirm ? ['busy', 'dialog'] : ['busy'],
        ...(keyed ? { entry: 'keyFor' } : {}),
        // typed loosely: xstate cannot resolve the invoke's types for a generic Output; the
        // implementations it names are typed in setup above
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }: { context: SubmissionContext<Values, Output> }) =>
            context.clientKey ? { ...context.values, clientKey: context.clientKey.key } : context.values,
          onDone: {
            target: 'submitted',
            actions: [
              { type: 'keepResult', params: ({ event }: { event: DoneActorEvent<Output> }) => ({ output: event.output }) },
              { type: 'submitted', params: ({ event }: { event: DoneActorEvent<Output> }) => ({ output: event.output }) },
            ],
          },
          onError: {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
          },
        } as never,
      },
      failed: { on: { ...onSubmit, [`${id}.edit`]: { target: 'editing', actions: 'forget' } } as never },
      submitted: again ? { on: { [`${id}.reset`]: { target: 'editing', actions: 'clear' } } as never } : { type: 'final' },
    },
  });
}

/** What a form screen shows of a submission flow: busy, the refusal while failed, the result once submitted. */
export function submissionView<Values, Output>(s: {
  context: SubmissionContext<Values, Output>;
  value: unknown;
  hasTag: (tag: string) => boolean;
}) {
  return {
    busy: s.hasTag('busy'),
    refusal: s.value === 'failed' ? s.context.refusal : null,
    result: s.value === 'submitted' ? s.context.result : null,
  };
}

/**
 * The same for a flow that confirms, plus the values awaiting confirmation: the dialog is open
 * (with them) while `confirming` and while sending from it, and closed otherwise.
 */
export function confirmedSubmissionView<Values, Output>(s: {
  context: SubmissionContext<Values, Output>;
  value: unknown;
  hasTag: (tag: string) => boolean;
}) {
  return { ...submissionView(s), confirming: s.hasTag('dialog') ? s.context.values : null };
}
