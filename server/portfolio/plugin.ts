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
import { DOCS } from './routeDocs.ts';

const route = routeSchemas('portfolio');

const portfolioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { preHandler: app.requireUser };
  app.get(
    PORTFOLIO_PATHS.summary,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getPortfolioSummary, querystring: PortfolioQuery, response: { 200: Envelope(Portfolio) } }),
    },
    async (req, reply) =>
      reply.ok(await portfolioOf(app.db, app.market, req.user!.id, req.query.book ?? req.book, app.market.now())),
  );

  app.get(
    PORTFOLIO_PATHS.history,
    {
      ...auth,
      ...route.signedIn({ ...DOCS.getPortfolioHistory, querystring: HistoryQuery, response: { 200: Envelope(EquityHistory) } }),
    },
    async (req, reply) =>
      reply.ok(
        await equityHistory(app.db, app.market, req.user!.id, req.query.book ?? req.book, req.query.days, app.market.now()),
      ),
  );
};

export default fp(portfolioRoutes, { name: 'portfolio-routes', dependencies: ['guard', 'errors', 'market'], encapsulate: true });
