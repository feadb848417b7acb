import type { FastifyInstance } from 'fastify';
import { lookupOfAddress } from '../../src/contract/instrumentAddress.ts';
import { BizError } from '../platform/http/errors.ts';
import type { PageFrame } from '../platform/http/indexPage.ts';

/**
 * The instrument page's first frame (`/cruuency?code&type&id`, docs/performance.md "The
 * instrument page's price in its first frame"): the instrument the address names and its figures
 * as the feed last priced them, the same lookup and the same figures as findMarket answers, with
 * the moment of that price and its source. The page's own script draws them (the price in the
 * visitor's language, "Last price at 14:05:03", the "simulated" badge for the simulator) until the
 * app draws the live card; an address that names no instrument gets no data, and the page its
 * loading state.
 */
export const instrumentFrame =
  (app: FastifyInstance): PageFrame =>
  (req) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const lookup = lookupOfAddress((name) => (typeof query[name] === 'string' ? query[name] : undefined));
    if (!lookup.code && !lookup.id) return undefined;
    try {
      const m = app.market.find(lookup);
      return {
        quote: JSON.stringify({
          name: m.appName,
          code: m.code,
          price: m.price,
          pct: m.change24hPct,
          high: m.high,
          low: m.low,
          volume: m.volume,
          open: m.open,
          source: m.source,
          time: m.time,
          tradable: m.tradable,
          marketOpen: m.marketOpen,
        }),
      };
    } catch (e) {
      if (e instanceof BizError) return undefined; // no such instrument: the app says so
      throw e;
    }
  };
