/**
 * Operator API contract (`/admin-api`, operator role only: 401 / 10045 otherwise).
 * Operators review deposits and withdrawals, keep the receive addresses, read the outbox and the
 * audit log. No endpoint sets a balance or a price: money moves only through the reviewed flows.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { IdString, IsoTime, Page, PageQuery } from './envelope.ts';
import { ReviewWindowRef } from './reviewWindow.ts';
import { AssetSchema, Deposit, DepositStatusSchema, NetworkSchema, Withdrawal, WithdrawalStatusSchema } from './wallet.ts';
import { KeysetPage, QueueFilterFields } from './reviewQueues.ts';

const Who = { userId: IdString, username: Type.String() };

/** GET /admin-api/deposits?status=pending (default all), coin, userId. Proof: GET /admin-api/deposits/:id/proof */
/** Above the four-eyes amount, the operator whose approval was the first of two (null until then). */
const Reviews = { reviewedBy: Type.Union([IdString, Type.Null()]), firstApprovedBy: Type.Union([IdString, Type.Null()]) };
export const AdminDeposit = Type.Object({ ...Deposit.properties, ...Who, ...Reviews });
export type AdminDeposit = Static<typeof AdminDeposit>;
/**
 * A review queue's filters: the record's status (its chart's states), coin, network, user, amount
 * and age; sorted by age or amount; paged by keyset (`after`) or by page number.
 */
const ReviewQueueQuery = <S extends TSchema>(status: S) =>
  Type.Object(
    {
      ...PageQuery,
      status: Type.Optional(status),
      coin: Type.Optional(AssetSchema),
      network: Type.Optional(NetworkSchema),
      userId: Type.Optional(IdString),
      ...QueueFilterFields,
    },
    { additionalProperties: false },
  );
export const AdminDepositQuery = ReviewQueueQuery(DepositStatusSchema);
export const AdminDepositPage = KeysetPage(AdminDeposit);
export type AdminDepositPage = Static<typeof AdminDepositPage>;

/** GET /admin-api/withdrawals?status=pending */
export const AdminWithdrawal = Type.Object({
  ...Withdrawal.properties,
  ...Who,
  ...Reviews,
  /** paid by the platform's own sender (a watched network with a signer): approved without a hash */
  paidByPlatform: Type.Boolean(),
});
export type AdminWithdrawal = Static<typeof AdminWithdrawal>;
export const AdminWithdrawalQuery = ReviewQueueQuery(WithdrawalStatusSchema);
export const AdminWithdrawalPage = KeysetPage(AdminWithdrawal);
export type AdminWithdrawalPage = Static<typeof AdminWithdrawalPage>;

export const AdminIdParams = Type.Object({ id: IdString }, { additionalProperties: false });
/** POST /admin-api/deposits/:id/approve {} → AdminDeposit */
export const ApproveDepositBody = Type.Object({}, { additionalProperties: false });
/** POST /admin-api/deposits/:id/reject and /admin-api/withdrawals/:id/reject { reason } (the user sees it) */
export const RejectBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false });
/**
 * POST /admin-api/withdrawals/:id/approve { payoutTxHash? } → AdminWithdrawal. Without a hash only
 * on a network the platform pays itself (its signer; 10326 elsewhere): the withdrawal is queued.
 */
export const ApproveWithdrawalBody = Type.Object(
  {
    payoutTxHash: Type.Optional(Type.String({ minLength: 16, maxLength: 100, pattern: '^(0x)?[0-9a-fA-F]{16,98}$' })),
  },
  { additionalProperties: false },
);

/** Receive addresses: GET/POST /admin-api/deposit-addresses, PUT/DELETE /admin-api/deposit-addresses/:id */
export const AdminDepositAddress = Type.Object({
  id: IdString,
  coin: AssetSchema,
  network: NetworkSchema,
  address: Type.String(),
  enabled: Type.Boolean(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type AdminDepositAddress = Static<typeof AdminDepositAddress>;
export const AdminDepositAddressList = Type.Object({ rows: Type.Array(AdminDepositAddress) });
/** The address is checked for the network (10041), like withdrawal addresses. */
export const CreateDepositAddressBody = Type.Object(
  {
    coin: AssetSchema,
    network: NetworkSchema,
    address: Type.String({ minLength: 1, maxLength: 120 }),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const UpdateDepositAddressBody = Type.Object(
  {
    address: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const DeletedResult = Type.Object({ id: IdString, deleted: Type.Boolean() });

/** GET /admin-api/outbox: mail and SMS sent or queued (codes readable without SMTP). */
export const OutboxRow = Type.Object({
  id: IdString,
  channel: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  sentAt: Type.Union([IsoTime, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
});
export const OutboxQuery = Type.Object(
  { ...PageQuery, recipient: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export const OutboxPage = Page(OutboxRow);
export type OutboxPage = Static<typeof OutboxPage>;

/** GET /admin-api/audit-log: append-only; who, when, what, before and after, and the review window. */
export const AuditRow = Type.Object({
  id: IdString,
  actorId: IdString,
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reviewWindow: Type.Union([ReviewWindowRef, Type.Null()]),
  createdAt: IsoTime,
});
export type AuditRow = Static<typeof AuditRow>;
export const AuditQuery = Type.Object(
  {
    ...PageQuery,
    targetType: Type.Optional(Type.String({ maxLength: 40 })),
    targetId: Type.Optional(Type.String({ maxLength: 40 })),
    actorId: Type.Optional(IdString),
  },
  { additionalProperties: false },
);
export const AuditPage = Page(AuditRow);
export type AuditPage = Static<typeof AuditPage>;

const NullableId = Type.Union([IdString, Type.Null()]);

/**
 * Operators: GET /admin-api/operators; POST /admin-api/operators and
 * POST /admin-api/operators/:id/disable propose (another operator confirms, docs/security.md).
 */
export const AdminOperator = Type.Object({
  id: IdString,
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  createdAt: IsoTime,
  /** who proposed and who confirmed this operator; null for the operators from configuration */
  createdBy: NullableId,
  confirmedBy: NullableId,
  /** until when it reviews no money (OPERATOR_PROBATION_HOURS); null when it may */
  probationUntil: Type.Union([IsoTime, Type.Null()]),
});
export type AdminOperator = Static<typeof AdminOperator>;
export const AdminOperatorList = Type.Object({ rows: Type.Array(AdminOperator) });
export type AdminOperatorList = Static<typeof AdminOperatorList>;
export const CreateOperatorBody = Type.Object(
  {
    username: Type.String({ minLength: 3, maxLength: 20, pattern: '^[A-Za-z0-9_]{3,20}$' }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type CreateOperatorBody = Static<typeof CreateOperatorBody>;

/** A proposal to add or disable an operator: GET /admin-api/operator-proposals, confirm, reject. */
export const OperatorProposalStatus = Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('rejected')]);
export const AdminOperatorProposal = Type.Object({
  id: IdString,
  kind: Type.Union([Type.Literal('create'), Type.Literal('disable')]),
  status: OperatorProposalStatus,
  proposedBy: IdString,
  proposedByName: Type.String(),
  /** disable: the operator named; create: the operator made once confirmed */
  targetId: NullableId,
  targetName: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  decidedBy: NullableId,
  decidedAt: Type.Union([IsoTime, Type.Null()]),
  createdAt: IsoTime,
});
export type AdminOperatorProposal = Static<typeof AdminOperatorProposal>;
export const AdminOperatorProposalList = Type.Object({ rows: Type.Array(AdminOperatorProposal) });
export type AdminOperatorProposalList = Static<typeof AdminOperatorProposalList>;
export const OperatorProposalQuery = Type.Object(
  { status: Type.Optional(OperatorProposalStatus) },
  { additionalProperties: false },
);
