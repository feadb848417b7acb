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
import { Ok } from '../../src/contract/errors.ts';
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
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('trading');
const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

const userId = (req: FastifyRequest) => req.user!.id;

/** Products, risk, opening an order and reading it. */
function orderRoutes(app: RouteApp) {
  const auth = { preHandler: app.requireUser };

  app.get(
    `${TRADING_PATHS.product}:code`,
    route.open({ ...DOCS.getOptionsProduct, params: CodeParams, response: { 200: Envelope(OptionsProductWire) } }),
    async (req, reply) => reply.ok(productToWire(app.trading.product(req.params.code))),
  );

  const risk = riskReader(app.trading.deps);
  app.get(
    TRADING_PATHS.risk,
    route.open({ ...DOCS.getOptionsRisk, querystring: OptionsRiskQuery, response: { 200: Envelope(OptionsRisk) } }),
    async (req, reply) => reply.ok(await risk(req.query.book ?? req.book)),
  );

  app.post(
    TRADING_PATHS.buy,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.buyOptions, body: BuyOptionsBody, response: { 200: Envelope(OptionsOrderWire) } }),
    },
    async (req, reply) =>
      reply.ok(positionToWire(await app.trading.buy(userId(req), req.book, req.body)), Ok.PURCHASE_SUCCESSFUL),
  );

  app.get(
    `${TRADING_PATHS.get}:id`,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.getOptionsOrderById,
        params: OptionsOrderIdParams,
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
        ...DOCS.listOptionsOrder,
        querystring: ListOptionsOrderQuery,
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
      ...route.signedIn({ ...DOCS.closeOptions, body: CloseOptionsBody, response: { 200: Envelope(OptionsOrderWire) } }),
    },
    async (req, reply) => reply.ok(positionToWire(await app.trading.close(userId(req), req.book, requestId(req.body.id)))),
  );

  app.post(
    TRADING_PATHS.stops,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.updateOptionsStops, body: UpdateStopsBody, response: { 200: Envelope(OptionsOrderWire) } }),
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
      ...route.signedIn({ ...DOCS.placePendingOptions, body: PlacePendingBody, response: { 200: Envelope(PendingOrderWire) } }),
    },
    async (req, reply) => reply.ok(await app.trading.placePending(userId(req), req.book, req.body), Ok.PURCHASE_SUCCESSFUL),
  );

  app.post(
    PENDING_PATHS.cancel,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.cancelPendingOptions, body: CancelPendingBody, response: { 200: Envelope(PendingOrderWire) } }),
    },
    async (req, reply) => reply.ok(await app.trading.cancelPending(userId(req), req.book, requestId(req.body.id)), Ok.MODIFIED),
  );

  app.get(
    PENDING_PATHS.list,
    {
      ...auth,
      ...route.signedIn({
        ...DOCS.listPendingOptions,
        querystring: ListPendingQuery,
        response: { 200: Envelope(PendingOrderPage) },
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
