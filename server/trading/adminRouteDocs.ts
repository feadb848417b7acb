/**
 * What trading's operator route says of itself in the API contract (docs/api.md).
 */
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  getTradingExposure: {
    operationId: 'getTradingExposure',
    summary:
      'Open exposure per instrument: long and short notionals, margin held, unrealised result of the trading-results account (read-only)',
    description:
      "The house's open exposure per instrument: long and short notionals, margin held and the unrealised profit of the customers' positions at the last price (read-only).",
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
