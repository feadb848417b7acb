import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { Check } from 'typebox/value';
import { ApproveWithdrawalBody, RejectBody } from '../../contract/admin.ts';
import { refusalOf, type Refusal } from './refusal.ts';

/**
 * One operator review of one record (a deposit, a withdrawal, an identity verification or a loan in the console):
 * idle → confirming (the dialog: approve asks for confirmation, a withdrawal approval for the
 * payout hash, a rejection for the reason the user will read) → submitting → done, or failed with
 * the catalogue code (e.g. 10044 already reviewed). Input problems are caught in `confirming`
 * by the contract's RejectBody / ApproveWithdrawalBody schemas, before anything is sent. `submit`
 * (the operator API call) and `reviewed` (update the row) are supplied by the flow's actor
 * factory (src/services/admin/reviewFlow.ts).
 */
export type ReviewKind = 'deposit' | 'withdrawal' | 'kyc' | 'loan';
export type ReviewDecision = 'approve' | 'reject';
export interface ReviewValues {
  reason?: string;
  /** an identity verification's rejection only: kept for operators, never shown to the user */
  note?: string;
  payoutTxHash?: string;
  /** a withdrawal the platform's own sender pays (a watched network with a signer): no hash is typed */
  paidByPlatform?: boolean;
}
export interface ReviewRequest extends ReviewValues {
  kind: ReviewKind;
  id: string;
  decision: ReviewDecision;
}
/** What is missing in the dialog: the reason (reject) or a well-formed payout hash (withdrawal approve). */
export type ReviewProblem = 'reason' | 'hash' | null;

export interface ReviewActionContext {
  kind: ReviewKind;
  id: string;
  decision: ReviewDecision | null;
  problem: ReviewProblem;
  refusal: Refusal | null;
  result: unknown;
}
export type ReviewActionEvent =
  | { type: 'review.start'; decision: ReviewDecision }
  | { type: 'review.confirm'; values: ReviewValues }
  | { type: 'review.cancel' };

/** The input problem of a decision (its body checked against the contract), or null when it can be sent. */
export function reviewProblem(kind: ReviewKind, decision: ReviewDecision, values: ReviewValues): ReviewProblem {
  if (decision === 'reject') return Check(RejectBody, { reason: values.reason?.trim() ?? '' }) ? null : 'reason';
  if (kind === 'withdrawal') {
    const hash = values.payoutTxHash?.trim() ?? '';
    if (values.paidByPlatform && hash === '') return null;
    return Check(ApproveWithdrawalBody, { payoutTxHash: hash }) ? null : 'hash';
  }
  return null;
}

export const reviewActionMachine = setup({
  types: {
    input: {} as { kind: ReviewKind; id: string },
    context: {} as ReviewActionContext,
    events: {} as ReviewActionEvent,
  },
  actors: {
    submit: fromPromise<unknown, ReviewRequest>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** the row shows its new status (supplied by the view) */
    reviewed: (_, _params: { result: unknown }) => {},
  },
  guards: {
    valuesOk: ({ context, event }) => {
      assertEvent(event, 'review.confirm');
      return context.decision !== null && reviewProblem(context.kind, context.decision, event.values) === null;
    },
  },
}).createMachine({
  id: 'reviewAction',
  context: ({ input }) => ({ kind: input.kind, id: input.id, decision: null, problem: null, refusal: null, result: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'review.start': {
          target: 'confirming',
          actions: assign({ decision: ({ event }) => event.decision, problem: null, refusal: null }),
        },
      },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'review.confirm': [
          { guard: 'valuesOk', target: 'submitting', actions: assign({ problem: null }) },
          {
            actions: assign({
              problem: ({ context, event }) => reviewProblem(context.kind, context.decision ?? 'approve', event.values),
            }),
          },
        ],
        'review.cancel': { target: 'idle', actions: assign({ decision: null, problem: null }) },
      },
    },
    submitting: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        // entered only by a confirmed decision
        input: ({ context, event }) => {
          assertEvent(event, 'review.confirm');
          return { kind: context.kind, id: context.id, decision: context.decision ?? 'approve', ...trimmed(event.values) };
        },
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'reviewed', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    // reviewed: the record's status is final, no further decision from this row
    done: { type: 'final' },
    failed: {
      on: {
        'review.start': {
          target: 'confirming',
          actions: assign({ decision: ({ event }) => event.decision, problem: null, refusal: null }),
        },
        'review.cancel': { target: 'idle', actions: assign({ decision: null, refusal: null }) },
      },
    },
  },
});

function trimmed(v: ReviewValues): ReviewValues {
  const out: ReviewValues = {};
  if (v.reason !== undefined) out.reason = v.reason.trim();
  // an empty note is no note
  if (v.note?.trim()) out.note = v.note.trim();
  if (v.payoutTxHash !== undefined) out.payoutTxHash = v.payoutTxHash.trim();
  if (v.paidByPlatform) out.paidByPlatform = true;
  return out;
}
