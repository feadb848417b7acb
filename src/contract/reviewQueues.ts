/**
 * What every operator review queue (deposits, withdrawals, KYC, loans) takes besides its status
 * (issue 42, docs/performance.md "Review queues"): filters by amount range and age, a sort (age:
 * oldest first; amount: largest first) and keyset paging (`after`, the `next` of the page before).
 * Shared by browser and server: no DOM, no Node.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { DecimalString, IsoTime } from './envelope.ts';

export const QUEUE_SORTS = ['age', 'amount'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** The review queues, as the console and /metrics name them. */
export const REVIEW_QUEUES = ['deposits', 'withdrawals', 'kyc', 'loans'] as const;
export type ReviewQueueName = (typeof REVIEW_QUEUES)[number];

const Minutes = Type.Integer({ minimum: 0, maximum: 525_600 });

export const QueueFilterFields = {
  minAmount: Type.Optional(DecimalString()),
  maxAmount: Type.Optional(DecimalString()),
  /** waiting at least this long */
  olderThanMinutes: Type.Optional(Minutes),
  /** waiting less than this long */
  newerThanMinutes: Type.Optional(Minutes),
  sort: Type.Optional(Type.Union([Type.Literal('age'), Type.Literal('amount')])),
  /** the `next` of the page before: the page starts after its last row */
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' })),
};
export interface QueueFilter {
  minAmount?: string;
  maxAmount?: string;
  olderThanMinutes?: number;
  newerThanMinutes?: number;
  sort?: QueueSort;
  after?: string;
}

/** A queue page: its rows, the total of the filter, and the cursor of the next page (null: the last). */
export const KeysetPage = <T extends TSchema>(row: T) =>
  Type.Object({ rows: Type.Array(row), total: Type.Integer(), next: Type.Union([Type.String(), Type.Null()]) });

/** GET /admin-api/queues/ages: how many wait in each queue and since when the oldest. */
export const QueueAge = Type.Object({
  queue: Type.Union([Type.Literal('deposits'), Type.Literal('withdrawals'), Type.Literal('kyc'), Type.Literal('loans')]),
  pending: Type.Integer(),
  oldestAt: Type.Union([IsoTime, Type.Null()]),
  /** 0 when the queue is empty */
  oldestAgeSeconds: Type.Integer({ minimum: 0 }),
});
export type QueueAge = Static<typeof QueueAge>;
export const QueueAges = Type.Object({ rows: Type.Array(QueueAge) });
export type QueueAges = Static<typeof QueueAges>;

/** A reason on a queue's reject list (GET/POST /admin-api/reject-reasons, POST …/:id/remove). */
export const RejectReason = Type.Object({
  id: Type.String(),
  queue: Type.Union([Type.Literal('deposits'), Type.Literal('withdrawals'), Type.Literal('kyc'), Type.Literal('loans')]),
  text: Type.String(),
  createdAt: IsoTime,
});
export type RejectReason = Static<typeof RejectReason>;
export const RejectReasonList = Type.Object({ rows: Type.Array(RejectReason) });
const QueueName = Type.Union([Type.Literal('deposits'), Type.Literal('withdrawals'), Type.Literal('kyc'), Type.Literal('loans')]);
export const RejectReasonQuery = Type.Object({ queue: QueueName }, { additionalProperties: false });
export const NewRejectReasonBody = Type.Object(
  { queue: QueueName, text: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);

/**
 * POST /admin-api/<queue>/reject (deposits, withdrawals, kyc, loans): several items rejected with
 * one reason (approvals stay one by one). Each is decided on its own: the answer says which were.
 * A blank reason is refused whole (10030): the customers read it.
 */
export const BulkRejectBody = Type.Object(
  {
    ids: Type.Array(Type.String({ pattern: '^[0-9]{1,19}$' }), { minItems: 1, maxItems: 100 }),
    reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export const BulkRejectResult = Type.Object({
  /** per item: 200, or the catalogue code of its refusal */
  rows: Type.Array(Type.Object({ id: Type.String(), code: Type.Integer() })),
});
export type BulkRejectResult = Static<typeof BulkRejectResult>;
