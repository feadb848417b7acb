/**
 * Trading contract (issue 9): leveraged options orders with stop-loss, take-profit and periods.
 * Shared by browser and server: TypeBox only, no DOM or Node imports. The figures come from
 * src/contract/optionsMath.ts on both sides.
 *
 * Names at the boundary: the published API names an order's opening fee `fee`, its pnl `profit`
 * and its period in seconds `period`; the product's choices are `leverage` and `periods`. Those
 * names exist on the wire only: code on both sides works with `OptionsPosition` and
 * `OptionsProduct` (openFee, pnl, periodSeconds, leverageChoices, periodChoices) and converts
 * once, with the `...ToWire` / `...FromWire` functions at the end of this file.
 *
 * Money is a decimal string in USDT (6 decimals); prices are decimal strings at the instrument's
 * precision; times are UTC ISO 8601; ids are strings.
 */
import { Type, type Static } from 'typebox';
import {
  CLOSE_REASONS,
  OPTIONS_ORDER_STATUSES,
  type CloseReason,
  type OptionsOrderStatus,
} from '../machines/trading/optionsOrder.ts';
import { DecimalString, IdString, IsoTime, LiteralUnion, Page, PageQuery } from './envelope.ts';
import { Err } from './errors.ts';
import { InstrumentTypeSchema, type InstrumentType } from './market.ts';
import type { OrderRule, ProductRules } from './optionsMath.ts';
import { BookSchema } from './wallet.ts';

export {
  CLOSE_REASONS,
  OPTIONS_ORDER_STATUSES,
  type CloseReason,
  type OptionsOrderStatus,
} from '../machines/trading/optionsOrder.ts';
export const DIRECTIONS = ['up', 'down'] as const;
export const DirectionSchema = LiteralUnion(DIRECTIONS);
export const OptionsOrderStatusSchema = LiteralUnion(OPTIONS_ORDER_STATUSES);
export const CloseReasonSchema = LiteralUnion(CLOSE_REASONS);

/** At most this many open positions per user and book (config may lower or raise it). */
export const MAX_OPEN_POSITIONS = 200;

/** The catalogue code of each order rule (src/contract/optionsMath.ts orderRuleBroken). */
export const ORDER_RULE_CODES: Record<OrderRule, number> = {
  lots: Err.PURCHASE_AMOUNT_WRONG,
  leverage: Err.LEVERAGE_NOT_OFFERED,
  period: Err.NO_MATCHING_PERIOD,
  stopLoss: Err.STOP_LOSS_UNREASONABLE,
  takeProfit: Err.TAKE_PROFIT_UNREASONABLE,
  combined: Err.STOPS_COMBINATION_UNREASONABLE,
};

const Price = Type.String({ pattern: '^[0-9]{1,20}(\\.[0-9]{1,12})?$', maxLength: 40 });
const NullablePrice = Type.Union([Price, Type.Null()]);
const Money = DecimalString();

// ---------------------------------------------------------------- product
/** GET /swx/customer/index/getOptionsProduct/{code} (no login needed). Refusal: 10014 unknown instrument. */
export const OptionsProductWire = Type.Object({
  code: Type.String(),
  type: InstrumentTypeSchema,
  /** Units of the instrument per lot. */
  contractSize: Type.String(),
  /** Lots must be a positive multiple of this. */
  lotStep: Type.String(),
  /** Leverage choices (internally `leverageChoices`). */
  leverage: Type.Array(Type.Integer()),
  /** Period choices in seconds (internally `periodChoices`). */
  periods: Type.Array(Type.Integer()),
  /** Fee per side as a fraction of the notional ("0.0005" = 0.05 %). */
  feeRate: Type.String(),
  /** Largest notional of one position, USDT. */
  maxNotional: Type.String(),
  /** Share of the margin lost at which a position is stopped out ("0.9"). */
  stopOutLevel: Type.String(),
  /** Smallest distance of a stop-loss or take-profit from the price, as a fraction ("0.001"). */
  minDistance: Type.String(),
  /** Market open and price fresh: orders are accepted now. */
  tradable: Type.Boolean(),
  /** Beyond the published payload: the price's decimals, for the app's own figures. */
  pricePrecision: Type.Integer(),
  /** USDT per unit of the quote currency now ("1" for USD and USDT quotes): notional = price × lots × contractSize × quoteRate. */
  quoteRate: Type.String(),
  /** Open positions allowed per user and book. */
  maxOpenPositions: Type.Integer(),
});
export type OptionsProductWire = Static<typeof OptionsProductWire>;

// ---------------------------------------------------------------- orders
/**
 * POST /swx/customer/order/buyOptions → the order (code 20004 purchase successful).
 * Fields are loose in the schema so that a bad value gets its catalogue code rather than 10030:
 * unknown code 10014, closed market or stale price 10015, lots 10016, period 10017, leverage
 * 10064, stop-loss 10060, take-profit 10061, stop-loss beyond the stop-out 10062, 200 open 10063,
 * margin + fee above available 10011. A retry with the same clientKey answers the first order.
 */
export const BuyOptionsBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 20 }),
    direction: DirectionSchema,
    /** Decimal string, a positive multiple of the product's lot step. */
    lots: Type.String({ minLength: 1, maxLength: 40 }),
    leverage: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
    /** seconds */
    period: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
    stopLoss: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    takeProfit: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    /**
     * A trailing stop instead of a stop-loss (docs/trading.md, "Trailing stop"): a price distance;
     * the stop starts at price ∓ distance and follows the best price. 10284 a bad distance, 10285
     * sent with a stop-loss.
     */
    trailingDistance: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    /** Made once per submission by the app (a UUID fits): 8–64 of A–Z a–z 0–9 _ -. */
    clientKey: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]{8,64}$' }),
  },
  { additionalProperties: false },
);
export type BuyOptionsBody = Static<typeof BuyOptionsBody>;

/** POST /swx/customer/order/closeOptions { id } → the closed order. Closing a closed order answers it as it is. */
export const CloseOptionsBody = Type.Object({ id: IdString }, { additionalProperties: false });
export type CloseOptionsBody = Static<typeof CloseOptionsBody>;

/**
 * POST /swx/customer/order/updateOptionsStops { id, stopLoss, takeProfit } → the order with its
 * new levels (20005 modified). Both levels are sent (null removes one). They follow the opening
 * rules against the CURRENT price (10060, 10061, 10062 against the position's own stop-out
 * price); 10015 while the market is closed or the price stale, 10065 once the position closed,
 * 10043 for anyone else's. Loose strings, so a bad level gets its catalogue code, not 10030.
 */
export const UpdateStopsBody = Type.Object(
  {
    id: IdString,
    stopLoss: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
    takeProfit: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type UpdateStopsBody = Static<typeof UpdateStopsBody>;

/** GET /swx/customer/order/getOptionsOrderById/{id} → the order; another user's id or another book's: 10043. */
export const OptionsOrderIdParams = Type.Object({ id: IdString }, { additionalProperties: false });

/** The tick (feed time and price) that opened or closed a position. */
export const Tick = Type.Object({ time: IsoTime, price: Price });
export type Tick = Static<typeof Tick>;

/**
 * The terms a position was opened with and settles by (src/contract/optionsMath.ts PositionTerms,
 * less what the order states itself): the browser's live figures and stop checks use these, not
 * the product's terms of today, so they equal what the service settles (a cross pair's quoteRate
 * moves after opening).
 */
export const PositionTermsWire = Type.Object({
  contractSize: Type.String(),
  feeRate: Type.String(),
  quoteRate: Type.String(),
  stopOutLevel: Type.String(),
  pricePrecision: Type.Integer(),
});
export type PositionTermsWire = Static<typeof PositionTermsWire>;

/** An order as the published API names it (internally `OptionsPosition`). */
export const OptionsOrderWire = Type.Object({
  id: IdString,
  /** Human-readable number, e.g. "OP20261123000042". */
  orderNo: Type.String(),
  book: BookSchema,
  code: Type.String(),
  direction: DirectionSchema,
  lots: Type.String(),
  leverage: Type.Integer(),
  /** seconds (internally `periodSeconds`) */
  period: Type.Integer(),
  openPrice: Price,
  openTime: IsoTime,
  /** openTime + period: the position expires at the first tick at or after this. */
  expiresAt: IsoTime,
  closePrice: NullablePrice,
  closeTime: Type.Union([IsoTime, Type.Null()]),
  stopLoss: NullablePrice,
  takeProfit: NullablePrice,
  stopOutPrice: Price,
  notional: Money,
  margin: Money,
  /** The opening fee (internally `openFee`). */
  fee: Money,
  closeFee: Type.Union([Money, Type.Null()]),
  expectedReturn: Money,
  maxLoss: Money,
  /** pnl before fees (internally `pnl`): final once closed; for an open order, at the last price. */
  profit: Money,
  /**
   * The result after both fees, signed (src/contract/optionsMath.ts netAt): profit − opening fee −
   * closing fee. Final once closed; for an open order, what closing at the last price would leave.
   * This is the figure the screens state as the outcome; `profit` is shown only labelled "before fees".
   */
  net: Money,
  status: OptionsOrderStatusSchema,
  closeReason: Type.Union([CloseReasonSchema, Type.Null()]),
  /** The tick that closed it. Its price may lie beyond the level that triggered (a gap). */
  closeTick: Type.Union([Tick, Type.Null()]),
  /** The level that triggered the close (take-profit, stop-loss or stop-out price); null for expiry and manual. */
  triggerPrice: NullablePrice,
  /** Expired while the service was down: closed at the last stored price at or before expiresAt. */
  delayed: Type.Boolean(),
  terms: PositionTermsWire,
  /** A trailing stop's distance: `stopLoss` is then the level it has ratcheted to (and, closed by it, `triggerPrice` the level that fired). */
  trailingDistance: NullablePrice,
});
export type OptionsOrderWire = Static<typeof OptionsOrderWire>;

/** GET /swx/customer/order/listOptionsOrder, newest first. */
export const ListOptionsOrderQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(OptionsOrderStatusSchema),
    code: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type ListOptionsOrderQuery = Static<typeof ListOptionsOrderQuery>;
export const OptionsOrderPageWire = Page(OptionsOrderWire);
export type OptionsOrderPageWire = Static<typeof OptionsOrderPageWire>;

// ---------------------------------------------------------------- user events
/**
 * Published on the user's channel (and written as a notification) at each status change:
 * `{ kind: 'order.opened' | 'order.closed', params, refType: 'optionsOrder', refId: <order id>, id }`
 * (src/contract/userEvents.ts).
 */
export const ORDER_REF_TYPE = 'optionsOrder';
export const OrderEventParams = Type.Object({
  id: IdString,
  orderNo: Type.String(),
  book: BookSchema,
  code: Type.String(),
  direction: DirectionSchema,
  lots: Type.String(),
  margin: Money,
  openPrice: Price,
  /** order.closed only */
  closePrice: Type.Optional(Price),
  /** pnl before fees */
  profit: Type.Optional(Money),
  /** the result after both fees, signed: what the notification states as the outcome (absent on notifications older than it) */
  net: Type.Optional(Money),
  closeReason: Type.Optional(CloseReasonSchema),
  delayed: Type.Optional(Type.Boolean()),
});
export type OrderEventParams = Static<typeof OrderEventParams>;

// ---------------------------------------------------------------- operator: exposure (read-only)
/** GET /admin-api/trading/exposure?book=real (default real) */
export const ExposureQuery = Type.Object({ book: Type.Optional(BookSchema) }, { additionalProperties: false });
/** The figures of an instrument's exposure, and of the whole book's. */
const ExposureFigures = {
  openPositions: Type.Integer(),
  /** Sum of notionals of open 'up' positions, USDT. */
  longNotional: Money,
  /** Sum of notionals of open 'down' positions, USDT. */
  shortNotional: Money,
  /** Sum of the margins held in order margin. */
  marginHeld: Money,
  /** The positions' pnl at the last price (users' view, floored at −margin). */
  unrealisedPnl: Money,
  /** What the trading-results account would pay (negative) or receive if all closed now: −unrealisedPnl. */
  platformResult: Money,
};
export const ExposureRow = Type.Object({
  code: Type.String(),
  ...ExposureFigures,
  /** Last price used (null when the instrument has no price). */
  price: NullablePrice,
  /** No tick for longer than the feed's stale threshold: the figures use the last price received, which may be out of date. */
  stale: Type.Boolean(),
});
export type ExposureRow = Static<typeof ExposureRow>;
export const Exposure = Type.Object({
  book: BookSchema,
  asOf: IsoTime,
  rows: Type.Array(ExposureRow),
  totals: Type.Object(ExposureFigures),
});
export type Exposure = Static<typeof Exposure>;

// ---------------------------------------------------------------- public: the risk line before confirming
/** GET /swx/customer/index/optionsRisk?book=demo (default: the `virtually` header's book) */
export const OptionsRiskQuery = Type.Object({ book: Type.Optional(BookSchema) }, { additionalProperties: false });
/**
 * Closed positions of a book in the 90 days before `since`..now (by close time) and how many
 * lost money net of both fees (pnl − opening fee − closing fee < 0). `share` = lost / closed as a
 * decimal string (0..1, 4 decimals), null when nothing closed: the app then says there is no history.
 */
export const OptionsRisk = Type.Object({
  book: BookSchema,
  closed: Type.Integer({ minimum: 0 }),
  lost: Type.Integer({ minimum: 0 }),
  share: Type.Union([DecimalString(), Type.Null()]),
  since: IsoTime,
});
export type OptionsRisk = Static<typeof OptionsRisk>;

/** API paths. */
export const TRADING_PATHS = {
  product: '/swx/customer/index/getOptionsProduct/', // + code
  buy: '/swx/customer/order/buyOptions',
  get: '/swx/customer/order/getOptionsOrderById/', // + id
  list: '/swx/customer/order/listOptionsOrder',
  close: '/swx/customer/order/closeOptions',
  stops: '/swx/customer/order/updateOptionsStops',
  exposure: '/admin-api/trading/exposure',
  risk: '/swx/customer/index/optionsRisk',
} as const;

// ---- Internal names and their one translation to and from the wire ----

/** A product as the code works with it: the rules of src/contract/optionsMath.ts plus what the screens show. */
export interface OptionsProduct extends ProductRules {
  code: string;
  type: InstrumentType;
  tradable: boolean;
  quoteRate: string;
  maxOpenPositions: number;
}
export const productToWire = ({ leverageChoices, periodChoices, ...rest }: OptionsProduct): OptionsProductWire => ({
  ...rest,
  leverage: [...leverageChoices],
  periods: [...periodChoices],
});
export const productFromWire = ({ leverage, periods, ...rest }: OptionsProductWire): OptionsProduct => ({
  ...rest,
  leverageChoices: leverage,
  periodChoices: periods,
});

/** A position (order) as the code works with it. */
export type OptionsPosition = Omit<OptionsOrderWire, 'fee' | 'profit' | 'period' | 'status' | 'closeReason'> & {
  /** The opening fee. */
  openFee: string;
  /** Profit before fees, floored at −margin. */
  pnl: string;
  periodSeconds: number;
  status: OptionsOrderStatus;
  closeReason: CloseReason | null;
};
// field by field: a page of positions is written twenty rows at a time, and copying a thirty-field
// object through rest and spread cost a twentieth of the request (docs/performance.md)
export const positionToWire = (p: OptionsPosition): OptionsOrderWire => ({
  id: p.id,
  orderNo: p.orderNo,
  book: p.book,
  code: p.code,
  direction: p.direction,
  lots: p.lots,
  leverage: p.leverage,
  period: p.periodSeconds,
  openPrice: p.openPrice,
  openTime: p.openTime,
  expiresAt: p.expiresAt,
  closePrice: p.closePrice,
  closeTime: p.closeTime,
  stopLoss: p.stopLoss,
  takeProfit: p.takeProfit,
  stopOutPrice: p.stopOutPrice,
  notional: p.notional,
  margin: p.margin,
  fee: p.openFee,
  closeFee: p.closeFee,
  expectedReturn: p.expectedReturn,
  maxLoss: p.maxLoss,
  profit: p.pnl,
  net: p.net,
  status: p.status,
  closeReason: p.closeReason,
  closeTick: p.closeTick,
  triggerPrice: p.triggerPrice,
  delayed: p.delayed,
  terms: p.terms,
  trailingDistance: p.trailingDistance,
});
export const positionFromWire = ({ fee, profit, period, ...rest }: OptionsOrderWire): OptionsPosition => ({
  ...rest,
  openFee: fee,
  pnl: profit,
  periodSeconds: period,
});

export interface PositionPage {
  rows: OptionsPosition[];
  total: number;
}
export const positionPageToWire = (p: PositionPage): OptionsOrderPageWire => ({
  rows: p.rows.map(positionToWire),
  total: p.total,
});
export const positionPageFromWire = (p: OptionsOrderPageWire): PositionPage => ({
  rows: p.rows.map(positionFromWire),
  total: p.total,
});
