/**
 * What the portfolio's routes say of themselves in the API contract (docs/api.md).
 */
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  getPortfolioSummary: {
    operationId: 'getPortfolioSummary',
    summary:
      "My equity in a book at the current prices: available + held + positions (what closing now pays) + plans + NFTs − debt, each part, and the open positions' result after fees",
    description:
      "The caller's equity in a book (the query's, else the `virtually` header's) at the current prices: available, held, the open positions' value with their profit, plans and loans, per asset and in USDT.",
    refusals: [],
  },
  getPortfolioHistory: {
    operationId: 'getPortfolioHistory',
    summary: 'My equity per day over the last 7, 30 or 90 days: the stored daily snapshots, then today at the current prices',
    description:
      "The caller's equity per day over the last 7, 30 or 90 days: the stored daily snapshots, then today at the current prices.",
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
