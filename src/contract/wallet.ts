/**
 * Wallet API contract: balances, deposits (recharge), withdrawals, statement, notifications.
 * Shared by browser and server: TypeBox only, no DOM or Node imports.
 * Money is a decimal string, ids are strings, times are UTC ISO 8601.
 */
import { Type, type Static } from 'typebox';
import { ASSETS, type Asset } from './constants.ts';
import { DEPOSIT_STATUSES } from '../machines/wallet/deposit.ts';
import { WITHDRAWAL_STATUSES } from '../machines/wallet/withdrawal.ts';
import { DecimalString, IdString, IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';

export const AssetSchema = Type.Union([Type.Literal('USDT'), Type.Literal('BTC'), Type.Literal('ETH')]);
export const BookSchema = Type.Union([Type.Literal('demo'), Type.Literal('real')]);

/** Networks a coin travels on. A withdrawal "method" is `${coin}-${network}`, e.g. "USDT-TRC20". */
export const NETWORKS = ['BTC', 'ERC20', 'TRC20'] as const;
export type Network = (typeof NETWORKS)[number];
export const NetworkSchema = Type.Union([Type.Literal('BTC'), Type.Literal('ERC20'), Type.Literal('TRC20')]);
export const COIN_NETWORKS: Record<Asset, readonly Network[]> = { USDT: ['TRC20', 'ERC20'], BTC: ['BTC'], ETH: ['ERC20'] };
export const methodOf = (coin: Asset, network: Network) => `${coin}-${network}`;
/** Every valid method string, e.g. ['USDT-TRC20', 'USDT-ERC20', 'BTC-BTC', 'ETH-ERC20']. */
export const WITHDRAW_METHODS: readonly string[] = ASSETS.flatMap((c) => COIN_NETWORKS[c].map((n) => methodOf(c, n)));
/** Smallest withdrawal per coin (docs/products.md, section 7: chosen to cover typical network fees). */
export const MIN_WITHDRAWAL: Record<Asset, string> = { USDT: '10', BTC: '0.0005', ETH: '0.005' };

/**
 * Statuses are the states of the record's lifecycle chart (src/machines/wallet/deposit.ts,
 * withdrawal.ts), declared there once; these schemas are built from them.
 */
export { DEPOSIT_STATUSES, type DepositStatus } from '../machines/wallet/deposit.ts';
export { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../machines/wallet/withdrawal.ts';
export const DepositStatusSchema = LiteralUnion(DEPOSIT_STATUSES);
export const WithdrawalStatusSchema = LiteralUnion(WITHDRAWAL_STATUSES);

// ---------------------------------------------------------------- balances
/** One asset of the selected book. `total` = sum of purposes; `valueUsdt` null when no price. */
export const AssetBalance = Type.Object({
  asset: AssetSchema,
  available: DecimalString(),
  withdrawalHold: DecimalString(),
  orderMargin: DecimalString(),
  planPrincipal: DecimalString(),
  loanCollateral: DecimalString(),
  /** held for a leading NFT bid (docs/nfts.md) */
  nftBidHold: DecimalString(),
  /** held for pending entry orders: margin + fee at their levels (docs/trading.md) */
  entryHold: DecimalString(),
  total: DecimalString(),
  valueUsdt: Type.Union([DecimalString(), Type.Null()]),
});
export type AssetBalance = Static<typeof AssetBalance>;
/** GET /swx/customer/user/balances */
export const Balances = Type.Object({
  book: BookSchema,
  assets: Type.Array(AssetBalance),
  /** Sum of valueUsdt over assets that have a price. */
  totalUsdt: DecimalString(),
  /** false when some asset had no current price (its valueUsdt is null). */
  complete: Type.Boolean(),
});
export type Balances = Static<typeof Balances>;

// ---------------------------------------------------------------- deposit addresses
export const DepositAddress = Type.Object({
  id: IdString,
  coin: AssetSchema,
  network: NetworkSchema,
  address: Type.String(),
  /** QR code of the address as an SVG data URL (`data:image/svg+xml;base64,...`). */
  qr: Type.String(),
  minAmount: DecimalString(),
});
export type DepositAddress = Static<typeof DepositAddress>;
/** GET /swx/customer/user/depositAddresses → { rows } (enabled addresses only). */
export const DepositAddressList = Type.Object({ rows: Type.Array(DepositAddress) });
export type DepositAddressList = Static<typeof DepositAddressList>;

// ---------------------------------------------------------------- deposits (recharge)
/**
 * POST /swx/customer/user/recharge, multipart/form-data: these text fields plus one file field
 * `proof` (JPEG, PNG or JPEG 2000, at most config.uploadMaxBytes). Real book only (10033 in demo).
 * Refusals: 10037 {name, limit} below minimum, 10038 tx hash used, 10039 image format,
 * 10040 image too large, 10055 image missing, 10042 amount invalid, 10030 malformed.
 * Success: code 20002, result = Deposit.
 */
export const RechargeFields = Type.Object(
  {
    /** Plain decimal text; checked against the coin's precision (10042) and minimum (10037). */
    amount: Type.String({ minLength: 1, maxLength: 40 }),
    coin: AssetSchema,
    network: NetworkSchema,
    /** The chain transaction hash (hex, optionally 0x-prefixed). */
    txHash: Type.String({ minLength: 16, maxLength: 100, pattern: '^(0x)?[0-9a-fA-F]{16,98}$' }),
    /** Last 6 digits of the proof (docs/products.md, section 6). */
    proofLast6: Type.String({ pattern: '^[0-9]{6}$' }),
  },
  { additionalProperties: false },
);
export type RechargeFields = Static<typeof RechargeFields>;

export const Deposit = Type.Object({
  id: IdString,
  coin: AssetSchema,
  network: NetworkSchema,
  amount: DecimalString(),
  txHash: Type.String(),
  proofLast6: Type.String(),
  /** The receive address shown to the user when submitting (null when none was configured). */
  address: Type.Union([Type.String(), Type.Null()]),
  status: DepositStatusSchema,
  /** Why it was rejected: shown to the user. */
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  /** GET this path (with the Authorization header) for the proof image. */
  proofUrl: Type.String(),
  createdAt: IsoTime,
  reviewedAt: Type.Union([IsoTime, Type.Null()]),
});
export type Deposit = Static<typeof Deposit>;

/** GET /swx/customer/user/listRecharge */
export const ListRechargeQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(DepositStatusSchema),
    coin: Type.Optional(AssetSchema),
  },
  { additionalProperties: false },
);
export type ListRechargeQuery = Static<typeof ListRechargeQuery>;
export const DepositPage = Page(Deposit);
export type DepositPage = Static<typeof DepositPage>;
/** GET /swx/customer/user/rechargeProof/:id → the image bytes (owner or operator only). */
export const IdParams = Type.Object({ id: IdString }, { additionalProperties: false });

// ---------------------------------------------------------------- withdrawals
/** GET /swx/customer/user/withdrawalMethods: shown before submitting. */
export const WithdrawalMethod = Type.Object({
  /** e.g. "USDT-TRC20": send this as `method`. */
  method: Type.String(),
  coin: AssetSchema,
  network: NetworkSchema,
  minAmount: DecimalString(),
  /** Available balance of the coin in the real book. */
  available: DecimalString(),
});
export const WithdrawalMethods = Type.Object({
  /** Fraction of the amount, e.g. "0.01" = 1 %. */
  feeRate: DecimalString(),
  methods: Type.Array(WithdrawalMethod),
});
export type WithdrawalMethods = Static<typeof WithdrawalMethods>;

/**
 * POST /swx/customer/user/withdrawal (JSON). Fields are optional in the schema so that a missing
 * one gets its catalogue code: method 10025, address 10021, amount 10042. Address checked per
 * network (10041); amount within available (10011). Real book only (10033).
 * Success: code 20003, result = Withdrawal. The amount moves to the withdrawal hold at once.
 */
export const WithdrawalBody = Type.Object(
  {
    method: Type.Optional(Type.String({ maxLength: 20 })),
    address: Type.Optional(Type.String({ maxLength: 120 })),
    amount: Type.Optional(Type.String({ maxLength: 40 })),
    /**
     * Idempotency key chosen by the client (8–64 of A–Z a–z 0–9 _ -): a retry with the same key
     * answers the first withdrawal and moves nothing.
     */
    clientKey: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' })),
  },
  { additionalProperties: false },
);
export type WithdrawalBody = Static<typeof WithdrawalBody>;

export const Withdrawal = Type.Object({
  id: IdString,
  method: Type.String(),
  coin: AssetSchema,
  network: NetworkSchema,
  address: Type.String(),
  /** What leaves the balance. */
  amount: DecimalString(),
  feeRate: DecimalString(),
  /** amount × feeRate, rounded down to the coin's precision. */
  fee: DecimalString(),
  /** amount − fee: what arrives at the address. */
  receiveAmount: DecimalString(),
  status: WithdrawalStatusSchema,
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  /** The chain transaction of the payout, once approved. */
  payoutTxHash: Type.Union([Type.String(), Type.Null()]),
  /**
   * Whether the payout is checked on the chain (a watched network: the node showed it, or the
   * platform sent it); false for a hash typed by hand on an unwatched network ("not verified on chain").
   */
  verifiedOnChain: Type.Boolean(),
  /** An explorer's page of the payout transaction, when one is configured. */
  payoutLink: Type.Union([Type.String(), Type.Null()]),
  /** On the chain: the payout's confirmations and the number required (null before it is sent). */
  confirmations: Type.Union([Type.Integer(), Type.Null()]),
  required: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: IsoTime,
  reviewedAt: Type.Union([IsoTime, Type.Null()]),
  sentAt: Type.Union([IsoTime, Type.Null()]),
  confirmedAt: Type.Union([IsoTime, Type.Null()]),
});
export type Withdrawal = Static<typeof Withdrawal>;

/** GET /swx/customer/user/listWithdrwal (spelled as in the published API). */
export const ListWithdrawalQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(WithdrawalStatusSchema),
    coin: Type.Optional(AssetSchema),
  },
  { additionalProperties: false },
);
export type ListWithdrawalQuery = Static<typeof ListWithdrawalQuery>;
export const WithdrawalPage = Page(Withdrawal);
export type WithdrawalPage = Static<typeof WithdrawalPage>;

// ---------------------------------------------------------------- statement
/**
 * One movement of one of the user's accounts in the selected book. A transfer between two of the
 * user's own accounts (e.g. available → withdrawal_hold) appears as two rows.
 */
export const StatementRow = Type.Object({
  /** transfer id + side, unique per row: "<transferId>:in" or "<transferId>:out" */
  id: Type.String(),
  transferId: IdString,
  time: IsoTime,
  asset: AssetSchema,
  /** the user's account that moved: available, withdrawal_hold, order_margin, ... */
  purpose: Type.String(),
  direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  /** Signed: positive in, negative out. */
  amount: DecimalString(),
  /** machine-readable, e.g. 'deposit.approved', 'withdrawal.hold'; translate for display. */
  reason: Type.String(),
  refType: Type.Union([Type.String(), Type.Null()]),
  refId: Type.Union([Type.String(), Type.Null()]),
  /** the event this transfer belongs to (StatementEvent.id) and what the event was (its kind) */
  eventId: Type.String(),
  event: Type.String(),
});
export type StatementRow = Static<typeof StatementRow>;

/** One transfer of an event: `from`/`to` are the user's accounts it left and reached, null for the platform's side. */
export const StatementLeg = Type.Object({
  transferId: IdString,
  asset: AssetSchema,
  /** positive */
  amount: DecimalString(),
  reason: Type.String(),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.Union([Type.String(), Type.Null()]),
});
export type StatementLeg = Static<typeof StatementLeg>;

/**
 * The transfers of one database transaction about one business record (docs/ledger.md,
 * "Statement"): one line of the records. `nets` is the change it made per asset to the available
 * balance and to what is held; `kind` names it (src/contract/statementEvents.ts).
 */
export const StatementEvent = Type.Object({
  /** "<refType>:<refId>:<microseconds>", the same on every leg's CSV row */
  id: Type.String(),
  time: IsoTime,
  kind: Type.String(),
  refType: Type.Union([Type.String(), Type.Null()]),
  refId: Type.Union([Type.String(), Type.Null()]),
  nets: Type.Array(Type.Object({ asset: AssetSchema, available: DecimalString(), held: DecimalString() })),
  legs: Type.Array(StatementLeg),
});
export type StatementEvent = Static<typeof StatementEvent>;
/** GET /swx/customer/user/statement and .../statement.csv (same filters, CSV without paging). */
export const StatementQuery = Type.Object(
  {
    ...PageQuery,
    asset: Type.Optional(AssetSchema),
    reason: Type.Optional(Type.String({ maxLength: 60, pattern: '^[a-z_.]+$' })),
    /** inclusive, ISO 8601 */
    from: Type.Optional(IsoTime),
    /** exclusive, ISO 8601 */
    to: Type.Optional(IsoTime),
  },
  { additionalProperties: false },
);
export type StatementQuery = Static<typeof StatementQuery>;
export const StatementPage = Page(StatementRow);
export type StatementPage = Static<typeof StatementPage>;
/** GET /swx/customer/user/statement/events: the same movements, one event a row, paged by events. */
export const StatementEventPage = Page(StatementEvent);
export type StatementEventPage = Static<typeof StatementEventPage>;

// ---------------------------------------------------------------- demo reset
/** POST /swx/customer/user/resetDemo (empty body {}): demo available balances back to the grant. */
export const ResetDemoBody = Type.Object({}, { additionalProperties: false });
export const ResetDemoResult = Balances;

// ---------------------------------------------------------------- notifications
export const Notification = Type.Object({
  id: IdString,
  /**
   * A user event's kind and parameters (src/contract/userEvents.ts), as the row was written: a
   * string here, so rows of a kind a newer service writes still list (the app reads them with asUserEvent)
   */
  kind: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
  refType: Type.Union([Type.String(), Type.Null()]),
  refId: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
  createdAt: IsoTime,
});
export type Notification = Static<typeof Notification>;
/** GET /swx/customer/user/listNotifications */
export const ListNotificationsQuery = Type.Object(
  {
    ...PageQuery,
    unreadOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const NotificationPage = Type.Object({ rows: Type.Array(Notification), total: Type.Integer(), unread: Type.Integer() });
export type NotificationPage = Static<typeof NotificationPage>;
/** POST /swx/customer/user/readNotifications: { ids: [...] } or { all: true } → { updated } */
export const ReadNotificationsBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(IdString, { maxItems: 200 })),
    all: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ReadNotificationsBody = Static<typeof ReadNotificationsBody>;
export const ReadNotificationsResult = Type.Object({ updated: Type.Integer(), unread: Type.Integer() });
