/**
 * What trading's routes say of themselves in the API contract (server/platform/http/openApi.ts, docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';
import { BUY_OPTIONS_EXAMPLES, CANCEL_PENDING_EXAMPLES, CLOSE_OPTIONS_EXAMPLES, PLACE_PENDING_EXAMPLES } from './apiExamples.ts';

/** The stops' own checks, at opening and when they change. */
const STOPS_REFUSALS = [
  Err.STOP_LOSS_UNREASONABLE,
  Err.TAKE_PROFIT_UNREASONABLE,
  Err.STOPS_COMBINATION_UNREASONABLE,
  Err.TRAILING_DISTANCE_WRONG,
  Err.TRAILING_WITH_STOP_LOSS,
] as const;

/** What an opening checks, the same for a position bought now and for a pending order placed. */
const OPENING_REFUSALS = [
  Err.OPTIONS_PRODUCT_WRONG,
  Err.NOT_TRADABLE,
  Err.PURCHASE_AMOUNT_WRONG,
  Err.LEVERAGE_NOT_OFFERED,
  Err.NO_MATCHING_PERIOD,
  ...STOPS_REFUSALS,
  Err.PRICE_UNAVAILABLE,
  Err.INSUFFICIENT_BALANCE,
] as const;

export const DOCS = {
  getOptionsProduct: {
    operationId: 'getOptionsProduct',
    summary:
      'The options product of an instrument: contract size, lot step, leverage and period choices, fee rate, caps, and whether it trades now (public; 10014 unknown)',
    description:
      'The options product of one instrument, as the order form needs it: contract size, lot step, the leverage and period choices, the fee rate, the caps and whether the market is open now.',
    refusals: [Err.OPTIONS_PRODUCT_WRONG],
  },
  getOptionsRisk: {
    operationId: 'getOptionsRisk',
    summary:
      'The risk line before confirming (public): closed positions of the book in the last 90 days and how many lost money net of both fees; share null without history. Book: the query, else the `virtually` header. Kept a minute per book.',
    description:
      "The risk line the order review shows before confirming: how many positions of the book closed in the last 90 days and how many of them lost money net of both fees (share null without history). The book is the query's, else the `virtually` header's; the figure is kept a minute per book.",
    refusals: [],
  },
  buyOptions: {
    operationId: 'buyOptions',
    summary:
      'Open a position at the current price in the selected book: margin and opening fee through the ledger. Success 20004; a retry with the same clientKey answers the first order.',
    description:
      'Opens a position (up or down) at the current price in the selected book, with optional stop-loss, take-profit or trailing stop checked against that price. Success answers 20004 with the order and its receipt; a retry with the same clientKey answers the first order and moves nothing again.',
    refusals: [...OPENING_REFUSALS, Err.TOO_MANY_OPEN_POSITIONS],
    moves:
      'the margin goes from available to held, and the opening fee to the fee account, in one ledger transaction in the selected book.',
    examples: BUY_OPTIONS_EXAMPLES,
  },
  getOptionsOrderById: {
    operationId: 'getOptionsOrderById',
    summary: "One of my orders with its receipt (10043 for anyone else's)",
    description: "One of the caller's orders with its receipt (prices, margin, fees, profit).",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  listOptionsOrder: {
    operationId: 'listOptionsOrder',
    summary: "My orders, newest first; an open order's profit is at the last price",
    description:
      "The caller's orders in the selected book, newest first, paged (`pageNum`, `pageSize`, answered as `{ rows, total }`); an open order's profit is at the last price.",
    refusals: [],
  },
  closeOptions: {
    operationId: 'closeOptions',
    summary: 'Close my position at the current price (a closed one is answered as it is)',
    description:
      "Closes the caller's open position at the current price; a position already closed is answered as it is (nothing moves twice).",
    refusals: [Err.RECORD_NOT_FOUND, Err.NOT_TRADABLE, Err.PRICE_UNAVAILABLE],
    moves:
      'the held margin returns, the profit or loss is settled with the house and the closing fee taken, in one ledger transaction.',
    examples: CLOSE_OPTIONS_EXAMPLES,
  },
  updateOptionsStops: {
    operationId: 'updateOptionsStops',
    summary:
      'New stop-loss and take-profit for my open position (null removes one), checked like an opening against the current price. Success 20005; 10065 once closed.',
    description:
      "New stop-loss and take-profit (or trailing distance) for the caller's open position, checked as at opening against the current price; null removes one. Success answers 20005.",
    refusals: [Err.RECORD_NOT_FOUND, Err.POSITION_CLOSED, Err.NOT_TRADABLE, ...STOPS_REFUSALS, Err.PRICE_UNAVAILABLE],
  },
  placePendingOptions: {
    operationId: 'placePendingOptions',
    summary:
      'Place a pending entry order (limit or stop) that opens at the tick reaching its level; margin + fee at the level held meanwhile. Success 20004; a retry with the same clientKey answers the first.',
    description:
      'Places a pending entry order (limit or stop) that opens a position when a tick reaches its level, within its validity. Success answers 20004; a retry with the same clientKey answers the first.',
    refusals: [...OPENING_REFUSALS, Err.ENTRY_LEVEL_WRONG, Err.PENDING_VALIDITY_NOT_OFFERED, Err.TOO_MANY_PENDING_ORDERS],
    moves: 'margin and fee at the entry level move from available to held until the order opens, is cancelled or expires.',
    examples: PLACE_PENDING_EXAMPLES,
  },
  cancelPendingOptions: {
    operationId: 'cancelPendingOptions',
    summary: 'Cancel my pending order: its hold returns to available. Success 20005; 10282 no longer pending.',
    description: "Cancels the caller's pending entry order. Success answers 20005.",
    refusals: [Err.RECORD_NOT_FOUND, Err.PENDING_NOT_PENDING],
    moves: 'the hold returns to available.',
    examples: CANCEL_PENDING_EXAMPLES,
  },
  listPendingOptions: {
    operationId: 'listPendingOptions',
    summary: 'My pending entry orders, newest first (status filters)',
    description: "The caller's pending entry orders in the selected book, newest first, paged, optionally of some statuses.",
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
