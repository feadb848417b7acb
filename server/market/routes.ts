import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import {
  CandleList,
  CodeParams,
  FindMarketQuery,
  KLineQuery,
  ListMarketQuery,
  MarketInfo,
  MarketPage,
  MarketStats,
  PriceQuote,
  WatchlistBody,
  WatchlistChange,
  WatchlistResult,
  marketDetailToWire,
  marketPageToWire,
  quoteToWire,
} from '../../src/contract/market.ts';
import { Err } from '../../src/contract/errors.ts';
import { sendCached, sendCachedJson } from '../platform/http/cachedBody.ts';
import { BizError } from '../platform/http/errors.ts';
import { registerPriceSocket } from './socket/ws.ts';
import { routeSchemas, type RouteApp } from '../platform/http/routeSchema.ts';
import { DOCS } from './routeDocs.ts';

const INDEX = '/swx/customer/index';
const USER = '/swx/customer/user/watchlist';
const route = routeSchemas('market');
const LogoParams = Type.Object(
  { file: Type.String({ pattern: '^[A-Z0-9]{1,20}\\.svg$', maxLength: 24 }) },
  { additionalProperties: false },
);

/** The signed-in user's watchlist: add, remove, list. */
function watchlistRoutes(app: RouteApp) {
  const { market } = app;

  app.post(
    `${USER}/add`,
    {
      preHandler: app.requireUser,
      ...route.signedIn({ ...DOCS.addWatchlist, body: WatchlistBody, response: { 200: Envelope(WatchlistChange) } }),
    },
    async (req, reply) => {
      await market.watch(req.user!.id, req.body.code);
      return reply.ok({ code: req.body.code, watching: true });
    },
  );

  app.post(
    `${USER}/remove`,
    {
      preHandler: app.requireUser,
      ...route.signedIn({ ...DOCS.removeWatchlist, body: WatchlistBody, response: { 200: Envelope(WatchlistChange) } }),
    },
    async (req, reply) => {
      await market.unwatch(req.user!.id, req.body.code);
      return reply.ok({ code: req.body.code, watching: false });
    },
  );

  app.get(
    `${USER}/list`,
    {
      preHandler: app.requireUser,
      ...route.signedIn({ ...DOCS.listWatchlist, response: { 200: Envelope(WatchlistResult) } }),
    },
    async (req, reply) => reply.ok(marketPageToWire(await market.watchlist(req.user!.id))),
  );
}

/**
 * Market API (docs/market.md) and the price websocket: contracts only. The work is
 * `app.market`'s (plugin 'market'); answers leave through the contract's `...ToWire`
 * functions, so the wire names (`zdf`, `hundred`) appear nowhere else on the server.
 */
async function marketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { market } = app;

  app.get(
    `${INDEX}/listMarketByType`,
    route.open({ ...DOCS.listMarketByType, querystring: ListMarketQuery, response: { 200: Envelope(MarketPage) } }),
    async (req, reply) => {
      const { type = '', search = '', pageNum = 1, pageSize = 20 } = req.query;
      // one serialisation per page, filter and language for each set of prices (docs/performance.md)
      const key = `list\u0000${req.lang}\u0000${type}\u0000${pageNum}\u0000${pageSize}\u0000${search}`;
      return sendCachedJson(
        req,
        reply,
        market.cachedAnswer(key, () => reply.ok(marketPageToWire(market.list(req.query)))),
      );
    },
  );

  app.get(
    `${INDEX}/getKValueByCodeAndDate`,
    route.open({ ...DOCS.getKValueByCodeAndDate, querystring: KLineQuery, response: { 200: Envelope(CandleList) } }),
    async (req, reply) => reply.ok(await market.kline(req.query)),
  );

  app.get(
    `${INDEX}/getMarketInfo/:code`,
    route.open({ ...DOCS.getMarketInfo, params: CodeParams, response: { 200: Envelope(MarketInfo) } }),
    async (req, reply) => reply.ok(marketDetailToWire(market.detail(req.params.code))),
  );

  app.get(
    `${INDEX}/findMarket`,
    route.open({ ...DOCS.findMarket, querystring: FindMarketQuery, response: { 200: Envelope(MarketInfo) } }),
    async (req, reply) => {
      if (!req.query.code && !req.query.id) throw new BizError(Err.MALFORMED_REQUEST, { detail: 'code or id required' });
      return reply.ok(marketDetailToWire(market.find(req.query)));
    },
  );

  for (const [coin, code] of [
    ['bitcoin', 'BTCUSDT'],
    ['ethereum', 'ETHUSDT'],
  ] as const) {
    app.get(
      `${INDEX}/getPrice/${coin}`,
      route.open({
        operationId: `getPrice${coin === 'bitcoin' ? 'Bitcoin' : 'Ethereum'}`,
        summary: `Current price of ${coin}`,
        description: `The current price quote of ${code}, with its moment and source.`,
        refusals: [Err.PRICE_UNAVAILABLE],
        response: { 200: Envelope(PriceQuote) },
      }),
      async (req, reply) =>
        sendCachedJson(
          req,
          reply,
          market.cachedAnswer(`quote\u0000${req.lang}\u0000${code}`, () => reply.ok(quoteToWire(market.quote(code)))),
        ),
    );
  }

  app.get(
    `${INDEX}/marketStats`,
    route.open({ ...DOCS.getMarketStats, response: { 200: Envelope(MarketStats) } }),
    async (req, reply) =>
      sendCachedJson(
        req,
        reply,
        market.cachedAnswer(`stats\u0000${req.lang}`, () => reply.ok(market.stats())),
      ),
  );

  app.get(
    `${INDEX}/logo/:file`,
    route.open({ ...DOCS.getMarketLogo, params: LogoParams, produces: ['image/svg+xml'] }),
    async (req, reply) => {
      const logo = market.logo(req.params.file.slice(0, -'.svg'.length));
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return sendCached(req, reply, logo, { type: 'image/svg+xml', cacheControl: 'public, max-age=86400' });
    },
  );

  watchlistRoutes(app);
  registerPriceSocket(app, market);
}

export default fp(marketRoutes, { name: 'market-routes', dependencies: ['market', 'guard', 'errors'] });
