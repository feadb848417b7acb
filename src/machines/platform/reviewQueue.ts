import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { Check } from 'typebox/value';
import { RejectBody } from '../../contract/admin.ts';
import { refusalOf, type Refusal } from './refusal.ts';

/**
 * Working a review queue in the console (issue 42 item 4): which row is current, which are
 * selected, and what may happen now. The keyboard and the buttons send the same events; the view
 * asks `snapshot.can(event)` before it acts on a key, so no key fires while a dialog is open.
 *
 *   browsing ─queue.approve / queue.reject [current pending]→ deciding (the row's own review
 *      │        dialog, src/machines/platform/reviewAction.ts) ─queue.dialogClosed→ browsing
 *      ├─queue.proof [current has a proof]→ proof ─queue.close→ browsing
 *      └─queue.bulkStart [some selected]→ bulkPicking ─queue.bulkConfirm [reason]→ bulkSending
 *               └─queue.close→ browsing                    ─done→ browsing (the result) / failed
 *
 * Rows come in with `queue.rows` (the page as shown: each id and whether it still waits). When
 * the current row stops waiting (decided here or elsewhere) or leaves the page, the next waiting
 * row after it becomes current; a selection keeps only rows that still wait. A queue without a
 * bulk route (KYC, loans: input `bulkable: false`) selects nothing, so `queue.bulkStart` never passes.
 * `proof` is whatever the queue shows of an item beside its row (a deposit's proof, a verification's
 * documents, a loan with its signature); asking for another item's while one shows switches to it.
 */
export interface QueueRow {
  id: string;
  pending: boolean;
}
export interface BulkOutcome {
  rejected: string[];
  /** the items the service refused, each with its catalogue code (10044 already reviewed, …) */
  refused: { id: string; code: number }[];
}
export interface ReviewQueueContext {
  rows: QueueRow[];
  current: string | null;
  selected: string[];
  /** the row whose dialog the keyboard asks to open, and a counter so the same request twice is two */
  request: { id: string; decision: 'approve' | 'reject'; n: number } | null;
  /** how many dialogs the keyboard asked for: the next request's `n` */
  asks: number;
  proof: string | null;
  hasProof: boolean;
  /** the queue has a bulk route: rows can be selected and rejected together */
  bulkable: boolean;
  bulk: BulkOutcome | null;
  refusal: Refusal | null;
  problem: 'reason' | null;
}
export type ReviewQueueEvent =
  | { type: 'queue.rows'; rows: QueueRow[] }
  | { type: 'queue.next' }
  | { type: 'queue.prev' }
  | { type: 'queue.focus'; id: string }
  | { type: 'queue.toggle'; id?: string }
  | { type: 'queue.approve' }
  | { type: 'queue.reject' }
  | { type: 'queue.dialogOpened'; id: string }
  | { type: 'queue.dialogClosed' }
  | { type: 'queue.proof'; id?: string }
  | { type: 'queue.close' }
  | { type: 'queue.bulkStart' }
  | { type: 'queue.bulkConfirm'; reason: string };

const isPending = (rows: QueueRow[], id: string | null) => id !== null && rows.some((r) => r.id === id && r.pending);

/**
 * The row that is current once `next` replaces `prev`: the same one while it still waits (or was
 * not waiting before either and is still shown); otherwise the first waiting row after it in the
 * old order, then before it, then the first row shown.
 */
export function nextCurrent(prev: QueueRow[], next: QueueRow[], current: string | null): string | null {
  const here = next.find((r) => r.id === current);
  const wasPending = isPending(prev, current);
  if (here && (here.pending || !wasPending)) return here.id;
  const at = prev.findIndex((r) => r.id === current);
  if (at >= 0) {
    const waiting = new Set(next.filter((r) => r.pending).map((r) => r.id));
    const after = prev.slice(at + 1).find((r) => waiting.has(r.id));
    if (after) return after.id;
    const before = prev
      .slice(0, at)
      .reverse()
      .find((r) => waiting.has(r.id));
    if (before) return before.id;
  }
  return (next.find((r) => r.pending) ?? next[0])?.id ?? null;
}

function step(ctx: ReviewQueueContext, by: 1 | -1): string | null {
  if (ctx.rows.length === 0) return null;
  const at = ctx.rows.findIndex((r) => r.id === ctx.current);
  if (at < 0) return ctx.rows[by === 1 ? 0 : ctx.rows.length - 1].id;
  return ctx.rows[Math.min(ctx.rows.length - 1, Math.max(0, at + by))].id;
}

export const reviewQueueMachine = setup({
  types: {
    input: {} as { hasProof: boolean; bulkable: boolean },
    context: {} as ReviewQueueContext,
    events: {} as ReviewQueueEvent,
  },
  actors: {
    bulkReject: fromPromise<BulkOutcome, { ids: string[]; reason: string }>(async () => {
      throw new Error('bulkReject not provided');
    }),
  },
  guards: {
    currentPending: ({ context }) => isPending(context.rows, context.current),
    currentHasProof: ({ context, event }) => {
      assertEvent(event, 'queue.proof');
      const id = event.id ?? context.current;
      return context.hasProof && id !== null && context.rows.some((r) => r.id === id);
    },
    someRows: ({ context }) => context.rows.length > 0,
    shown: ({ context, event }) => {
      assertEvent(event, ['queue.focus', 'queue.dialogOpened']);
      return context.rows.some((r) => r.id === event.id);
    },
    togglable: ({ context, event }) => {
      assertEvent(event, 'queue.toggle');
      return context.bulkable && isPending(context.rows, event.id ?? context.current);
    },
    someSelected: ({ context }) => context.selected.length > 0,
    reasonOk: ({ event }) => {
      assertEvent(event, 'queue.bulkConfirm');
      return Check(RejectBody, { reason: event.reason.trim() });
    },
  },
  actions: {
    takeRows: assign(({ context, event }) => {
      assertEvent(event, 'queue.rows');
      const waiting = new Set(event.rows.filter((r) => r.pending).map((r) => r.id));
      return {
        rows: event.rows,
        current: nextCurrent(context.rows, event.rows, context.current),
        selected: context.selected.filter((id) => waiting.has(id)),
      };
    }),
    showProof: assign(({ context, event }) => {
      assertEvent(event, 'queue.proof');
      const id = event.id ?? context.current;
      return { proof: id, current: id };
    }),
    ask: assign(({ context }, p: { decision: 'approve' | 'reject' }) => ({
      asks: context.asks + 1,
      request: context.current === null ? null : { id: context.current, decision: p.decision, n: context.asks + 1 },
    })),
  },
}).createMachine({
  id: 'reviewQueue',
  context: ({ input }) => ({
    rows: [],
    current: null,
    selected: [],
    request: null,
    asks: 0,
    proof: null,
    hasProof: input.hasProof,
    bulkable: input.bulkable,
    bulk: null,
    refusal: null,
    problem: null,
  }),
  // the page's rows and the current row's dialog reach every state: the list can change under a dialog
  on: {
    'queue.rows': { actions: 'takeRows' },
    'queue.dialogOpened': {
      guard: 'shown',
      target: '.deciding',
      actions: assign({ current: ({ event }) => event.id }),
    },
  },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'queue.next': { guard: 'someRows', actions: assign({ current: ({ context }) => step(context, 1) }) },
        'queue.prev': { guard: 'someRows', actions: assign({ current: ({ context }) => step(context, -1) }) },
        'queue.focus': { guard: 'shown', actions: assign({ current: ({ event }) => event.id }) },
        'queue.toggle': {
          guard: 'togglable',
          actions: assign({
            selected: ({ context, event }) => {
              const id = event.id ?? context.current ?? '';
              return context.selected.includes(id) ? context.selected.filter((s) => s !== id) : [...context.selected, id];
            },
          }),
        },
        'queue.approve': {
          guard: 'currentPending',
          target: 'deciding',
          actions: { type: 'ask', params: { decision: 'approve' } },
        },
        'queue.reject': {
          guard: 'currentPending',
          target: 'deciding',
          actions: { type: 'ask', params: { decision: 'reject' } },
        },
        'queue.proof': { guard: 'currentHasProof', target: 'proof', actions: 'showProof' },
        'queue.bulkStart': {
          guard: 'someSelected',
          target: 'bulkPicking',
          actions: assign({ bulk: null, refusal: null, problem: null }),
        },
      },
    },
    deciding: {
      tags: ['dialog'],
      on: { 'queue.dialogClosed': { target: 'browsing', actions: assign({ request: null }) } },
    },
    proof: {
      tags: ['dialog'],
      on: {
        'queue.close': { target: 'browsing', actions: assign({ proof: null }) },
        // another row's button while one item shows: that item shows instead
        'queue.proof': { guard: 'currentHasProof', actions: 'showProof' },
      },
    },
    bulkPicking: {
      tags: ['dialog', 'bulk'],
      on: {
        'queue.bulkConfirm': [
          { guard: 'reasonOk', target: 'bulkSending', actions: assign({ problem: null, refusal: null }) },
          { actions: assign({ problem: 'reason' }) },
        ],
        'queue.close': { target: 'browsing', actions: assign({ problem: null, refusal: null }) },
      },
    },
    bulkSending: {
      tags: ['dialog', 'bulk', 'busy'],
      invoke: {
        src: 'bulkReject',
        input: ({ context, event }) => {
          assertEvent(event, 'queue.bulkConfirm');
          return { ids: context.selected, reason: event.reason.trim() };
        },
        onDone: {
          target: 'browsing',
          actions: assign({
            bulk: ({ event }) => event.output,
            // what was rejected leaves the selection; a refused item stays selected to be looked at
            selected: ({ context, event }) => context.selected.filter((id) => !event.output.rejected.includes(id)),
          }),
        },
        onError: { target: 'bulkPicking', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
  },
});

/** The answer of the bulk route as the queue keeps it: rejected ids, and the refused ones with their codes. */
export function bulkOutcome(rows: { id: string; code: number }[]): BulkOutcome {
  return {
    rejected: rows.filter((r) => r.code === 200).map((r) => r.id),
    refused: rows.filter((r) => r.code !== 200),
  };
}
