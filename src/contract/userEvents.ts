/**
 * User events (docs/design.md, "User events"): what the service tells one user about their own
 * records, on the websocket (`{"type":"user","event"}`, src/contract/ws.ts) and, for most kinds,
 * as a notification row (listNotifications). One discriminated union of every kind with its
 * parameters: the service publishes only these (server/platform/realtime/notify.ts), the wire schema checks
 * them, the browser switches on them exhaustively (src/services/platform/queries/invalidation.ts,
 * src/services/platform/userEventText.ts). A kind this union does not hold is a compile error.
 *
 * Each domain's kinds are one table here (kind → its parameters' schema), named by its manifest
 * (server/<domain>/manifest.ts), with the sentences in src/contract/userEventTexts.ts. Amounts are
 * decimal strings, ids strings, times ISO 8601, as everywhere on the wire.
 *
 * The browser reads only the types of this module: the schemas stay out of its bundle.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { ALERT_KINDS } from './alerts.ts';
import { IdString, LiteralUnion } from './envelope.ts';
import { ENTRY_KINDS } from './pendingOrders.ts';
import { SupportAuthor } from './support.ts';
import { DirectionSchema, OrderEventParams } from './trading.ts';
import { BookSchema, NetworkSchema } from './wallet.ts';

const Text = Type.String();
const Amount = Type.String();

// ---------------------------------------------------------------- wallet: deposits, withdrawals, the allowlist
const Deposit = { id: IdString, coin: Text, amount: Amount };
const Withdrawal = { ...Deposit, receiveAmount: Amount };
export const WALLET_EVENTS = {
  'deposit.submitted': Type.Object(Deposit),
  'deposit.approved': Type.Object(Deposit),
  'deposit.rejected': Type.Object({ ...Deposit, reason: Text }),
  'withdrawal.submitted': Type.Object(Withdrawal),
  'withdrawal.approved': Type.Object({ ...Withdrawal, payoutTxHash: Text }),
  'withdrawal.rejected': Type.Object({ ...Withdrawal, reason: Text }),
  /** approved on a watched network: the platform's sender pays it next */
  'withdrawal.queued': Type.Object(Withdrawal),
  /** approved, waiting whole until the hot wallet is refilled */
  'withdrawal.waiting_funds': Type.Object(Withdrawal),
  /** on the chain, its hash checked against the node (typed by an operator) or broadcast by the platform */
  'withdrawal.sent': Type.Object({ ...Withdrawal, txHash: Text }),
  /** live only (no notification row): the payout's confirmations grew */
  'withdrawal.confirming': Type.Object({ ...Withdrawal, confirmations: Type.Integer(), required: Type.Integer() }),
  'withdrawal.confirmed': Type.Object({ ...Withdrawal, txHash: Text }),
  /** a withdrawal address saved: usable from `activeAt` */
  'allowlist.address_added': Type.Object({ address: Text, network: NetworkSchema, activeAt: Text }),
  /** "withdraw only to saved addresses" turned off: it stops applying at `offAt` */
  'allowlist.turning_off': Type.Object({ offAt: Text }),
};

// ---------------------------------------------------------------- auth: security events (also audited, and mailed when credentials change)
const SignInMethod = LiteralUnion(['password', 'google', 'passkey'] as const);
const Client = { ip: Text, userAgent: Type.Union([Text, Type.Null()]) };
const Change = Type.Object({ ...Client, method: Type.Optional(SignInMethod) });
const Passkey = Type.Object({ name: Text, ...Client });
const ApiKeyChange = Type.Object({ keyId: Text, name: Text, ...Client });
export const AUTH_EVENTS = {
  /** the notification has where from and how; the live event for the user's other apps has nothing */
  'security.login': Type.Object({
    ip: Type.Optional(Text),
    userAgent: Type.Optional(Client.userAgent),
    method: Type.Optional(SignInMethod),
  }),
  'security.password_changed': Change,
  'security.password_reset': Change,
  'security.google_linked': Change,
  'security.two_factor_enabled': Change,
  'security.two_factor_disabled': Change,
  'security.passkey_added': Passkey,
  'security.passkey_removed': Passkey,
  /** an API key registered, used from an address it never came from, or revoked (server/auth/apiKeys) */
  'security.api_key_created': ApiKeyChange,
  'security.api_key_new_ip': ApiKeyChange,
  'security.api_key_revoked': ApiKeyChange,
};

// ---------------------------------------------------------------- smart plans
const Plan = { id: IdString, productName: Text };
export const SMART_EVENTS = {
  'smart.bought': Type.Object({ ...Plan, amount: Amount, days: Type.Integer(), expectedProfit: Amount }),
  'smart.payout': Type.Object({ ...Plan, day: Type.Integer(), days: Type.Integer(), amount: Amount }),
  'smart.completed': Type.Object({ ...Plan, amount: Amount, totalEarned: Amount }),
  'smart.exited': Type.Object({ ...Plan, penalty: Amount, refund: Amount }),
};

// ---------------------------------------------------------------- trading: options positions and pending entry orders
const Pending = Type.Object({
  id: IdString,
  book: BookSchema,
  code: Text,
  direction: DirectionSchema,
  lots: Amount,
  entryKind: LiteralUnion(ENTRY_KINDS),
  price: Amount,
  /** why it was not opened at its level (a catalogue code), pending.refused */
  refusedCode: Type.Union([Type.Integer(), Type.Null()]),
});
export const TRADING_EVENTS = {
  'order.opened': OrderEventParams,
  'order.closed': OrderEventParams,
  'pending.refused': Pending,
  'pending.expired': Pending,
};

// ---------------------------------------------------------------- support chat (live only, never a notification)
export const SUPPORT_EVENTS = {
  'support.opened': Type.Object({ conversationId: IdString }),
  'support.message': Type.Object({ conversationId: IdString, messageId: IdString, author: SupportAuthor }),
  'support.closed': Type.Object({ conversationId: IdString, by: SupportAuthor }),
};

// ---------------------------------------------------------------- charity NFTs
const Nft = { id: IdString, name: Text, amount: Amount };
export const NFT_EVENTS = {
  'nft.bid': Type.Object(Nft),
  /** `amount` the bid released, `newBid` the one above it */
  'nft.outbid': Type.Object({ ...Nft, newBid: Amount }),
  'nft.won': Type.Object({ ...Nft, donation: Amount }),
  'nft.bought': Type.Object({ ...Nft, donation: Amount }),
};

// ---------------------------------------------------------------- identity verification
export const KYC_EVENTS = {
  'kyc.submitted': Type.Object({ id: IdString }),
  'kyc.verified': Type.Object({ id: IdString }),
  'kyc.rejected': Type.Object({ id: IdString, reason: Text }),
};

// ---------------------------------------------------------------- loans
const Loan = { id: IdString, amount: Amount, collateralAsset: Text };
const Repayment = Type.Object({
  id: IdString,
  amount: Amount,
  interest: Amount,
  principal: Amount,
  debt: Amount,
  collateralAsset: Text,
  collateralAmount: Amount,
});
const Warning = Type.Object({ ...Loan, ltv: Amount, price: Amount, debt: Amount, liquidationLtv: Amount });
const Liquidation = Type.Object({
  ...Loan,
  sold: Amount,
  price: Amount,
  proceeds: Amount,
  fee: Amount,
  returned: Amount,
  debt: Amount,
});
export const LOAN_EVENTS = {
  'loan.submitted': Type.Object({
    id: IdString,
    amount: Amount,
    days: Type.Integer(),
    collateralAsset: Text,
    collateralAmount: Amount,
  }),
  'loan.approved': Type.Object({ id: IdString, amount: Amount, days: Type.Integer(), dueDate: Type.Optional(Text) }),
  'loan.rejected': Type.Object({ id: IdString, amount: Amount, reason: Text }),
  'loan.repayment': Repayment,
  'loan.repaid': Repayment,
  'loan.overdue': Type.Object({ ...Loan, debt: Amount, overlayRate: Amount }),
  'loan.ltv_warning': Warning,
  'loan.margin_call': Warning,
  'loan.liquidated_partly': Liquidation,
  'loan.liquidated': Liquidation,
};

// ---------------------------------------------------------------- price alerts
export const ALERT_EVENTS = {
  /** `value` the alert's level or percent, `move` the instrument's 24-hour move when it fired */
  'alert.fired': Type.Object({
    id: IdString,
    code: Text,
    kind: LiteralUnion(ALERT_KINDS),
    value: Amount,
    price: Amount,
    move: Text,
  }),
};

// ---------------------------------------------------------------- deposits credited from the chain (docs/wallet.md)
const ChainDeposit = { id: IdString, coin: Text, amount: Amount };
const Confirming = Type.Object({ ...ChainDeposit, confirmations: Type.Integer(), required: Type.Integer() });
export const CHAIN_EVENTS = {
  /** a transfer to the customer's own address was seen: confirming k/N */
  'chain.deposit_seen': Confirming,
  /** live only (no notification row): the count grew */
  'chain.deposit_confirming': Confirming,
  'chain.deposit_credited': Type.Object(ChainDeposit),
  /** its block was reorganised away before it was confirmed: nothing was credited */
  'chain.deposit_dropped': Type.Object(ChainDeposit),
  /** recorded, never credited: below the coin's minimum */
  'chain.deposit_below_minimum': Type.Object({ ...ChainDeposit, minAmount: Amount }),
};

/** Every kind with its parameters' schema. */
export const USER_EVENTS = {
  ...WALLET_EVENTS,
  ...AUTH_EVENTS,
  ...SMART_EVENTS,
  ...TRADING_EVENTS,
  ...SUPPORT_EVENTS,
  ...NFT_EVENTS,
  ...KYC_EVENTS,
  ...LOAN_EVENTS,
  ...ALERT_EVENTS,
  ...CHAIN_EVENTS,
} satisfies Record<string, TSchema>;

export type UserEventKind = keyof typeof USER_EVENTS;
export type UserEventParams<K extends UserEventKind = UserEventKind> = Static<(typeof USER_EVENTS)[K]>;

/** One event as the browser hears it (the socket) and reads it (a notification row). */
export type UserEventOf<K extends UserEventKind> = {
  kind: K;
  params: UserEventParams<K>;
  refType: string | null;
  refId: string | null;
  /** the notification row's id (absent for the kinds that write none) */
  id?: string;
};
export type UserEvent = { [K in UserEventKind]: UserEventOf<K> }[UserEventKind];

/** One event as the service records and publishes it (server/platform/realtime/notify.ts). */
export type UserEventInput = {
  [K in UserEventKind]: { kind: K; params: UserEventParams<K>; refType?: string; refId?: string };
}[UserEventKind];
/** One event as it travels on the bus and the socket: with its notification row's id, if it wrote one. */
export type UserEventMessage = UserEventInput & { id?: string };

const Ref = Type.Optional(Type.Union([Text, Type.Null()]));
/** The wire's check of an event: one object per kind (`anyOf`), its parameters as above. */
export const UserEventSchema = Type.Union(
  Object.entries(USER_EVENTS).map(([kind, params]) =>
    Type.Object({ kind: Type.Literal(kind), params, refType: Ref, refId: Ref, id: Type.Optional(IdString) }),
  ),
);
