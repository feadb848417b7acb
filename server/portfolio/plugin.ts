/**
 * The portfolio on the wire: /swx/customer/portfolio/{summary, history} in the book the query or
 * the `virtually` header selects (docs/portfolio.md). Read-only: it only reads what the ledger,
 * the positions, the NFTs and the loans hold, at the current prices.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../src/contract/envelope.ts';
import { EquityHistory, HistoryQuery, Portfolio, PORTFOLIO_PATHS, PortfolioQuery } from '../../src/contract/portfolio.ts';
import { portfolioOf } from './portfolio.ts';
import { equityHistory } from './snapshots.ts';
import { routeSchemas } from '../platform/http/routeSchema.ts';
import { Err } from '../../src/contract/errors.ts';

const route = routeSchemas('portfolio');

const portfolioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { preHandler: app.requireUser };
  app.get(
    PORTFOLIO_PATHS.summary,
    {
      ...auth,
      ...route.signedIn({
        querystring: PortfolioQuery,
        response: { 200: Envelope(Portfolio) },
        operationId: 'getPortfolioSummary',
        description:
          "The caller's equity in a book (the query's, else the `virtually` header's) at the current prices: available, held, the open positions' value with their profit, plans and loans, per asset and in USDT.",
        refusals: [],
        summary:
          "My equity in a book at the current prices: available + held + positions (what closing now pays) + plans + NFTs − debt, each part, and the open positions' result after fees",
      }),
    },
    async (req, reply) =>
      reply.ok(await portfolioOf(app.db, app.market, req.user!.id, req.query.book ?? req.book, app.market.now())),
  );

  app.get(
    PORTFOLIO_PATHS.history,
    {
      ...auth,
      ...route.signedIn({
        querystring: HistoryQuery,
        response: { 200: Envelope(EquityHistory) },
        operationId: 'getPortfolioHistory',
        description:
          "The caller's equity per day over the last 7, 30 or 90 days: the stored daily snapshots, then today at the current prices.",
        refusals: [],
        summary: 'My equity per day over the last 7, 30 or 90 days: the stored daily snapshots, then today at the current prices',
      }),
    },
    async (req, reply) =>
      reply.ok(
        await equityHistory(app.db, app.market, req.user!.id, req.query.book ?? req.book, req.query.days, app.market.now()),
      ),
  );
};

export default fp(portfolioRoutes, { name: 'portfolio-routes', dependencies: ['guard', 'errors', 'market'], encapsulate: true });
