/**
 * Pending entry orders on the wire (docs/trading.md, "Pending entry orders"): an options order
 * that opens when the price reaches a level, with margin + opening fee held meanwhile. TypeBox
 * only, shared by browser and server.
 */
import { Type, type Static } from 'typebox';
import { ENTRY_KINDS, PENDING_ORDER_STATUSES } from '../machines/trading/pendingOrder.ts';
import { DecimalString, IdString, IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';
import { DirectionSchema } from './trading.ts';
import { BookSchema } from './wallet.ts';

export {
  ENTRY_KINDS,
  PENDING_ORDER_STATUSES,
  type EntryKind,
  type PendingOrderStatus,
} from '../machines/trading/pendingOrder.ts';
export { MAX_PENDING_ORDERS, PENDING_VALIDITY_CHOICES } from './entryMath.ts';
export const EntryKindSchema = LiteralUnion(ENTRY_KINDS);
export const PendingOrderStatusSchema = LiteralUnion(PENDING_ORDER_STATUSES);

const Price = Type.String({ pattern: '^[0-9]{1,20}(\\.[0-9]{1,12})?$', maxLength: 40 });
const NullablePrice = Type.Union([Price, Type.Null()]);
const Loose = Type.String({ maxLength: 40 });

/**
 * POST /swx/customer/order/placePendingOptions → the pending order (20004). The fields of
 * buyOptions plus the entry: `entryKind` limit | stop, `entryPrice`, `validity` (seconds: 3600,
 * 86400 or 604800). Refusals write nothing: 10014, 10015, 10280 level, 10281 validity, 10284 /
 * 10285 trailing, the market order's rules at the entry level (10016, 10064, 10017, 10060–10062),
 * 10283 too many pending, 10011 hold above available. A retry with the same clientKey answers the
 * first one.
 */
export const PlacePendingBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 20 }),
    direction: DirectionSchema,
    lots: Type.String({ minLength: 1, maxLength: 40 }),
    leverage: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
    period: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
    stopLoss: Type.Optional(Type.Union([Loose, Type.Null()])),
    takeProfit: Type.Optional(Type.Union([Loose, Type.Null()])),
    trailingDistance: Type.Optional(Type.Union([Loose, Type.Null()])),
    entryKind: EntryKindSchema,
    entryPrice: Loose,
    validity: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
    clientKey: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' }),
  },
  { additionalProperties: false },
);
export type PlacePendingBody = Static<typeof PlacePendingBody>;

/** POST /swx/customer/order/cancelPendingOptions { id } → the cancelled order, hold released (20005); 10282 when no longer pending, 10043 anyone else's. */
export const CancelPendingBody = Type.Object({ id: IdString }, { additionalProperties: false });
export type CancelPendingBody = Static<typeof CancelPendingBody>;

export const PendingOrderWire = Type.Object({
  id: IdString,
  book: BookSchema,
  code: Type.String(),
  direction: DirectionSchema,
  entryKind: EntryKindSchema,
  entryPrice: Price,
  lots: Type.String(),
  leverage: Type.Integer(),
  period: Type.Integer(),
  stopLoss: NullablePrice,
  takeProfit: NullablePrice,
  trailingDistance: NullablePrice,
  /** margin + opening fee at the entry level, held while pending */
  hold: DecimalString(),
  expiresAt: IsoTime,
  status: PendingOrderStatusSchema,
  /** the position it opened (filled) */
  orderId: Type.Union([IdString, Type.Null()]),
  /** the catalogue code that refused it at the crossing tick */
  refusedCode: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: IsoTime,
  endedAt: Type.Union([IsoTime, Type.Null()]),
});
export type PendingOrderWire = Static<typeof PendingOrderWire>;

/** GET /swx/customer/order/listPendingOptions, newest first; `status` filters. */
export const ListPendingQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(PendingOrderStatusSchema),
  },
  { additionalProperties: false },
);
export type ListPendingQuery = Static<typeof ListPendingQuery>;
export const PendingOrderPage = Page(PendingOrderWire);
export type PendingOrderPage = Static<typeof PendingOrderPage>;

export const PENDING_PATHS = {
  place: '/swx/customer/order/placePendingOptions',
  cancel: '/swx/customer/order/cancelPendingOptions',
  list: '/swx/customer/order/listPendingOptions',
} as const;

/** The refType of the events when a pending order ends without the user (pending.refused, pending.expired: src/contract/userEvents.ts). */
export const PENDING_REF_TYPE = 'pendingOrder';
