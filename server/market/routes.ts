import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { Err } from '../../src/contract/errors.ts';
import {
  CandleList, CodeParams, KLineQuery, ListMarketQuery, MarketInfo, MarketPage, MarketStats, PriceQuote,
  WatchlistBody, WatchlistChange, WatchlistResult, INTERVAL_MS,
} from '../../src/contract/market.ts';
import { BizError } from '../http/errors.ts';
import { MarketService, clearCurrentMarket } from './service.ts';
import { logoSvg } from './quotes/logo.ts';
import { addToWatchlist, removeFromWatchlist, watchedCodes } from './quotes/watchlist.ts';
import { registerPriceSocket } from './socket/ws.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Market data of this instance: quotes, candles, priceOf/valueInUsdt/assertTradable. */
    market: MarketService;
  }
}

const INDEX = '/swx/customer/index';
const USER = '/swx/customer/user/watchlist';
const tags = ['market'];

/**
 * Market API (spec section 7, docs/market.md) and the price websocket. Wrapped with
 * fastify-plugin so `app.market` is visible to every other domain.
 */
async function marketRoutes(app: FastifyInstance) {
  const market = new MarketService(app);
  app.decorate('market', market);
  app.addHook('onClose', async () => clearCurrentMarket(market));

  app.get(`${INDEX}/listMarketByType`, {
    schema: { tags, querystring: ListMarketQuery, response: { 200: Envelope(MarketPage) } },
  }, async (req, reply) => {
    const q = req.query as ListMarketQuery;
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const search = q.search?.trim();
    const upper = search?.toUpperCase();
    const lower = search?.toLowerCase();
    const matches = market.state.list.filter((x) =>
      (!q.type || x.info.type === q.type)
      && (!search || x.info.code.startsWith(upper!) || x.info.base.startsWith(upper!) || x.info.name.toLowerCase().includes(lower!)));
    const now = market.now();
    const rows = matches.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((x) => market.item(x, now));
    return reply.ok({ rows, total: matches.length });
  });

  app.get(`${INDEX}/getKValueByCodeAndDate`, {
    schema: { tags, querystring: KLineQuery, response: { 200: Envelope(CandleList) } },
  }, async (req, reply) => {
    const q = req.query as KLineQuery;
    const from = q.from ? Date.parse(q.from) : undefined;
    const to = q.to ? Date.parse(q.to) : undefined;
    if (from !== undefined && to !== undefined && from > to) {
      throw new BizError(Err.MALFORMED_REQUEST, { detail: 'querystring: from is after to' });
    }
    const interval = q.interval ?? '1m';
    const limit = q.limit ?? 300;
    // a from..to range without a limit returns all of it, up to the 1500-candle cap
    const effLimit = q.limit ?? (from !== undefined ? Math.min(1500, Math.ceil(((to ?? market.now()) - from) / INTERVAL_MS[interval]) + 1) : limit);
    return reply.ok(await market.candles(q.code, { interval, from, to, limit: Math.max(1, effLimit) }));
  });

  app.get(`${INDEX}/getMarketInfo/:code`, {
    schema: { tags, params: CodeParams, response: { 200: Envelope(MarketInfo) } },
  }, async (req, reply) => {
    const { code } = req.params as { code: string };
    return reply.ok(market.info(market.require(code)));
  });

  app.get(`${INDEX}/getPrice/bitcoin`, { schema: { tags, response: { 200: Envelope(PriceQuote) } } }, async (_req, reply) => reply.ok(market.quote('BTCUSDT')));
  app.get(`${INDEX}/getPrice/ethereum`, { schema: { tags, response: { 200: Envelope(PriceQuote) } } }, async (_req, reply) => reply.ok(market.quote('ETHUSDT')));

  app.get(`${INDEX}/marketStats`, { schema: { tags, response: { 200: Envelope(MarketStats) } } }, async (_req, reply) => reply.ok(market.stats()));

  app.get(`${INDEX}/logo/:file`, {
    schema: {
      tags,
      params: Type.Object({ file: Type.String({ pattern: '^[A-Z0-9]{1,20}\\.svg$', maxLength: 24 }) }, { additionalProperties: false }),
      produces: ['image/svg+xml'],
    },
  }, async (req, reply) => {
    const code = (req.params as { file: string }).file.slice(0, -4);
    const q = market.get(code);
    if (!q) throw new BizError(Err.NOT_FOUND);
    const { svg } = logoSvg(q.info);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });

  const authed = { preHandler: app.requireUser };
  app.post(`${USER}/add`, {
    ...authed,
    schema: { tags, body: WatchlistBody, response: { 200: Envelope(WatchlistChange) }, security: [{ token: [] }] },
  }, async (req, reply) => {
    const { code } = req.body as WatchlistBody;
    market.require(code);
    await addToWatchlist(app.db, req.user!.id, code);
    return reply.ok({ code, watching: true });
  });

  app.post(`${USER}/remove`, {
    ...authed,
    schema: { tags, body: WatchlistBody, response: { 200: Envelope(WatchlistChange) }, security: [{ token: [] }] },
  }, async (req, reply) => {
    const { code } = req.body as WatchlistBody;
    market.require(code);
    await removeFromWatchlist(app.db, req.user!.id, code);
    return reply.ok({ code, watching: false });
  });

  app.get(`${USER}/list`, {
    ...authed,
    schema: { tags, response: { 200: Envelope(WatchlistResult) }, security: [{ token: [] }] },
  }, async (req, reply) => {
    const now = market.now();
    const rows = (await watchedCodes(app.db, req.user!.id)).flatMap((c) => {
      const q = market.get(c);
      return q ? [market.item(q, now)] : [];
    });
    return reply.ok({ rows, total: rows.length });
  });

  registerPriceSocket(app, market);
}

export default fp(marketRoutes, { name: 'market-routes' });
