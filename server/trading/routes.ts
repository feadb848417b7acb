/**
 * Options trading on the wire: /swx/customer/index/getOptionsProduct/:code (public) and
 * /swx/customer/order/{buyOptions, getOptionsOrderById/:id, listOptionsOrder, closeOptions, updateOptionsStops} in
 * the book the `virtually` header selects. Handlers parse and call `app.trading`, translating to
 * the published names once (src/contract/trading.ts); see docs/trading.md.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Err, Ok } from '../../src/contract/errors.ts';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  type PositionPage,
  BuyOptionsBody,
  CloseOptionsBody,
  ListOptionsOrderQuery,
  OptionsOrderIdParams,
  OptionsOrderPageWire,
  OptionsOrderWire,
  OptionsProductWire,
  OptionsRisk,
  OptionsRiskQuery,
  TRADING_PATHS,
  UpdateStopsBody,
  positionPageToWire,
  positionToWire,
  productToWire,
} from '../../src/contract/trading.ts';
import {
  CancelPendingBody,
  ListPendingQuery,
  PENDING_PATHS,
  PendingOrderPage,
  PendingOrderWire,
  PlacePendingBody,
} from '../../src/contract/pendingOrders.ts';
import { requestId } from '../platform/http/validation.ts';
import { riskReader } from './risk.ts';
import { routeSchemas, type RouteApp } from '../platform/http/routeSchema.ts';
import { BUY_OPTIONS_EXAMPLES, CANCEL_PENDING_EXAMPLES, CLOSE_OPTIONS_EXAMPLES, PLACE_PENDING_EXAMPLES } from './apiExamples.ts';

const route = routeSchemas('trading');
const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

const userId = (req: FastifyRequest) => req.user!.id;

/** Products, risk, opening an order and reading it. */
function orderRoutes(app: RouteApp) {
  const auth = { preHandler: app.requireUser };

  app.get(
    `${TRADING_PATHS.product}:code`,
    route.open({
      params: CodeParams,
      response: { 200: Envelope(OptionsProductWire) },
      operationId: 'getOptionsProduct',
      description:
        'The options product of one instrument, as the order form needs it: contract size, lot step, the leverage and period choices, the fee rate, the caps and whether the market is open now.',
      refusals: [Err.OPTIONS_PRODUCT_WRONG],
      summary:
        'The options product of an instrument: contract size, lot step, leverage and period choices, fee rate, caps, and whether it trades now (public; 10014 unknown)',
    }),
    async (req, reply) => reply.ok(productToWire(app.trading.product(req.params.code))),
  );

  const risk = riskReader(app.trading.deps);
  app.get(
    TRADING_PATHS.risk,
    route.open({
      querystring: OptionsRiskQuery,
      response: { 200: Envelope(OptionsRisk) },
      operationId: 'getOptionsRisk',
      description:
        "The risk line the order review shows before confirming: how many positions of the book closed in the last 90 days and how many of them lost money net of both fees (share null without history). The book is the query's, else the `virtually` header's; the figure is kept a minute per book.",
      refusals: [],
      summary:
        'The risk line before confirming (public): closed positions of the book in the last 90 days and how many lost money net of both fees; share null without history. Book: the query, else the `virtually` header. Kept a minute per book.',
    }),
    async (req, reply) => reply.ok(await risk(req.query.book ?? req.book)),
  );

  app.post(
    TRADING_PATHS.buy,
    {
      ...auth,
      ...route.signedIn({
        body: BuyOptionsBody,
        response: { 200: Envelope(OptionsOrderWire) },
        operationId: 'buyOptions',
        examples: BUY_OPTIONS_EXAMPLES,
        description:
          'Opens a position (up or down) at the current price in the selected book, with optional stop-loss, take-profit or trailing stop checked against that price. Success answers 20004 with the order and its receipt; a retry with the same clientKey answers the first order and moves nothing again.',
        refusals: [
          Err.OPTIONS_PRODUCT_WRONG,
          Err.NOT_TRADABLE,
          Err.PURCHASE_AMOUNT_WRONG,
          Err.LEVERAGE_NOT_OFFERED,
          Err.NO_MATCHING_PERIOD,
          Err.STOP_LOSS_UNREASONABLE,
          Err.TAKE_PROFIT_UNREASONABLE,
          Err.STOPS_COMBINATION_UNREASONABLE,
          Err.TRAILING_DISTANCE_WRONG,
          Err.TRAILING_WITH_STOP_LOSS,
          Err.PRICE_UNAVAILABLE,
          Err.INSUFFICIENT_BALANCE,
          Err.TOO_MANY_OPEN_POSITIONS,
        ],
        moves:
          'the margin goes from available to held, and the opening fee to the fee account, in one ledger transaction in the selected book.',
        summary:
          'Open a position at the current price in the selected book: margin and opening fee through the ledger. Success 20004; a retry with the same clientKey answers the first order.',
      }),
    },
    async (req, reply) =>
      reply.ok(positionToWire(await app.trading.buy(userId(req), req.book, req.body)), Ok.PURCHASE_SUCCESSFUL),
  );

  app.get(
    `${TRADING_PATHS.get}:id`,
    {
      ...auth,
      ...route.signedIn({
        params: OptionsOrderIdParams,
        operationId: 'getOptionsOrderById',
        description: "One of the caller's orders with its receipt (prices, margin, fees, profit).",
        refusals: [Err.RECORD_NOT_FOUND],
        summary: "One of my orders with its receipt (10043 for anyone else's)",
        response: { 200: Envelope(OptionsOrderWire) },
      }),
    },
    async (req, reply) => reply.ok(positionToWire(await app.trading.get(userId(req), req.book, requestId(req.params.id)))),
  );
}

/** The positions list, closing one and its stops. */
function positionRoutes(app: RouteApp) {
  const auth = { preHandler: app.requireUser };

  // A page asked again at the same prices is the same object (server/trading/orders.ts): its
  // answer, serialised by this route's schema, is kept with it per language (issue 26).
  const pageJson = new WeakMap<PositionPage, Map<string, string>>();
  app.get(
    TRADING_PATHS.list,
    {
      ...auth,
      ...route.signedIn({
        querystring: ListOptionsOrderQuery,
        operationId: 'listOptionsOrder',
        description:
          "The caller's orders in the selected book, newest first, paged (`pageNum`, `pageSize`, answered as `{ rows, total }`); an open order's profit is at the last price.",
        refusals: [],
        summary: "My orders, newest first; an open order's profit is at the last price",
        response: { 200: Envelope(OptionsOrderPageWire) },
      }),
    },
    async (req, reply) => {
      const page = await app.trading.list(userId(req), req.book, req.query);
      let byLang = pageJson.get(page);
      if (!byLang) pageJson.set(page, (byLang = new Map()));
      let json = byLang.get(req.lang);
      if (json === undefined) byLang.set(req.lang, (json = reply.serialize(reply.ok(positionPageToWire(page))) as string));
      // a string is sent as it is (already serialised above); the type provider expects the object
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    TRADING_PATHS.close,
    {
      ...auth,
      ...route.signedIn({
        body: CloseOptionsBody,
        operationId: 'closeOptions',
        examples: CLOSE_OPTIONS_EXAMPLES,
        description:
          "Closes the caller's open position at the current price; a position already closed is answered as it is (nothing moves twice).",
        refusals: [Err.RECORD_NOT_FOUND, Err.NOT_TRADABLE, Err.PRICE_UNAVAILABLE],
        moves:
          'the held margin returns, the profit or loss is settled with the house and the closing fee taken, in one ledger transaction.',
        summary: 'Close my position at the current price (a closed one is answered as it is)',
        response: { 200: Envelope(OptionsOrderWire) },
      }),
    },
    async (req, reply) => reply.ok(positionToWire(await app.trading.close(userId(req), req.book, requestId(req.body.id)))),
  );

  app.post(
    TRADING_PATHS.stops,
    {
      ...auth,
      ...route.signedIn({
        body: UpdateStopsBody,
        response: { 200: Envelope(OptionsOrderWire) },
        operationId: 'updateOptionsStops',
        description:
          "New stop-loss and take-profit (or trailing distance) for the caller's open position, checked as at opening against the current price; null removes one. Success answers 20005.",
        refusals: [
          Err.RECORD_NOT_FOUND,
          Err.POSITION_CLOSED,
          Err.NOT_TRADABLE,
          Err.STOP_LOSS_UNREASONABLE,
          Err.TAKE_PROFIT_UNREASONABLE,
          Err.STOPS_COMBINATION_UNREASONABLE,
          Err.TRAILING_DISTANCE_WRONG,
          Err.TRAILING_WITH_STOP_LOSS,
          Err.PRICE_UNAVAILABLE,
        ],
        summary:
          'New stop-loss and take-profit for my open position (null removes one), checked like an opening against the current price. Success 20005; 10065 once closed.',
      }),
    },
    async (req, reply) =>
      reply.ok(
        positionToWire(await app.trading.updateStops(userId(req), req.book, requestId(req.body.id), req.body)),
        Ok.MODIFIED,
      ),
  );
}

/** Pending entry orders: place, cancel, list. */
function pendingOrderRoutes(app: RouteApp) {
  const auth = { preHandler: app.requireUser };

  app.post(
    PENDING_PATHS.place,
    {
      ...auth,
      ...route.signedIn({
        body: PlacePendingBody,
        response: { 200: Envelope(PendingOrderWire) },
        operationId: 'placePendingOptions',
        examples: PLACE_PENDING_EXAMPLES,
        description:
          'Places a pending entry order (limit or stop) that opens a position when a tick reaches its level, within its validity. Success answers 20004; a retry with the same clientKey answers the first.',
        refusals: [
          Err.OPTIONS_PRODUCT_WRONG,
          Err.NOT_TRADABLE,
          Err.PURCHASE_AMOUNT_WRONG,
          Err.LEVERAGE_NOT_OFFERED,
          Err.NO_MATCHING_PERIOD,
          Err.STOP_LOSS_UNREASONABLE,
          Err.TAKE_PROFIT_UNREASONABLE,
          Err.STOPS_COMBINATION_UNREASONABLE,
          Err.TRAILING_DISTANCE_WRONG,
          Err.TRAILING_WITH_STOP_LOSS,
          Err.PRICE_UNAVAILABLE,
          Err.INSUFFICIENT_BALANCE,
          Err.ENTRY_LEVEL_WRONG,
          Err.PENDING_VALIDITY_NOT_OFFERED,
          Err.TOO_MANY_PENDING_ORDERS,
        ],
        moves: 'margin and fee at the entry level move from available to held until the order opens, is cancelled or expires.',
        summary:
          'Place a pending entry order (limit or stop) that opens at the tick reaching its level; margin + fee at the level held meanwhile. Success 20004; a retry with the same clientKey answers the first.',
      }),
    },
    async (req, reply) => reply.ok(await app.trading.placePending(userId(req), req.book, req.body), Ok.PURCHASE_SUCCESSFUL),
  );

  app.post(
    PENDING_PATHS.cancel,
    {
      ...auth,
      ...route.signedIn({
        body: CancelPendingBody,
        response: { 200: Envelope(PendingOrderWire) },
        operationId: 'cancelPendingOptions',
        examples: CANCEL_PENDING_EXAMPLES,
        description: "Cancels the caller's pending entry order. Success answers 20005.",
        refusals: [Err.RECORD_NOT_FOUND, Err.PENDING_NOT_PENDING],
        moves: 'the hold returns to available.',
        summary: 'Cancel my pending order: its hold returns to available. Success 20005; 10282 no longer pending.',
      }),
    },
    async (req, reply) => reply.ok(await app.trading.cancelPending(userId(req), req.book, requestId(req.body.id)), Ok.MODIFIED),
  );

  app.get(
    PENDING_PATHS.list,
    {
      ...auth,
      ...route.signedIn({
        querystring: ListPendingQuery,
        response: { 200: Envelope(PendingOrderPage) },
        operationId: 'listPendingOptions',
        description: "The caller's pending entry orders in the selected book, newest first, paged, optionally of some statuses.",
        refusals: [],
        summary: 'My pending entry orders, newest first (status filters)',
      }),
    },
    async (req, reply) => reply.ok(await app.trading.listPending(userId(req), req.book, req.query)),
  );
}

const tradingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  orderRoutes(app);
  positionRoutes(app);
  pendingOrderRoutes(app);
};

export default fp(tradingRoutes, { name: 'trading-routes', dependencies: ['trading', 'guard', 'errors'], encapsulate: true });
