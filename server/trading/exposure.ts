/**
 * The operators' read-only view of open exposure per instrument: what the users hold long and
 * short, the margin held, and what the platform's trading-results account would pay or receive
 * if every position closed at the last price. Reading it changes nothing; there is no operator
 * control over prices or outcomes.
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Book } from '../../src/contract/constants.ts';
import { pnl } from '../../src/contract/optionsMath.ts';
import type { Exposure, ExposureRow } from '../../src/contract/trading.ts';
import { optionsOrders } from './schema.ts';
import type { TradingDeps } from './deps.ts';
import { termsOfRow } from './view.ts';

const m = (d: Decimal) => d.toFixed(6);

export async function exposure(deps: TradingDeps, book: Book): Promise<Exposure> {
  const rows = await deps.db
    .select()
    .from(optionsOrders)
    .where(and(eq(optionsOrders.book, book), eq(optionsOrders.status, 'open')));
  const by = new Map<
    string,
    { n: number; long: Decimal; short: Decimal; margin: Decimal; pnl: Decimal; price: string | null; stale: boolean }
  >();
  for (const r of rows) {
    let e = by.get(r.code);
    if (!e) {
      const q = deps.market.get(r.code);
      // one lookup serves the price and its staleness, so both describe the same tick
      e = {
        n: 0,
        long: new Decimal(0),
        short: new Decimal(0),
        margin: new Decimal(0),
        pnl: new Decimal(0),
        price: q ? deps.market.formatPrice(q) : null,
        stale: q ? deps.market.isStale(q) : true,
      };
      by.set(r.code, e);
    }
    e.n++;
    if (r.direction === 'up') e.long = e.long.add(r.notional);
    else e.short = e.short.add(r.notional);
    e.margin = e.margin.add(r.margin);
    if (e.price !== null) e.pnl = e.pnl.add(pnl(termsOfRow(r), e.price));
  }
  const out: ExposureRow[] = [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, e]) => ({
      code,
      openPositions: e.n,
      longNotional: m(e.long),
      shortNotional: m(e.short),
      marginHeld: m(e.margin),
      unrealisedPnl: m(e.pnl),
      platformResult: m(e.pnl.neg()),
      price: e.price,
      stale: e.stale,
    }));
  const sum = (k: 'longNotional' | 'shortNotional' | 'marginHeld' | 'unrealisedPnl' | 'platformResult') =>
    m(out.reduce((s, r) => s.add(r[k]), new Decimal(0)));
  return {
    book,
    asOf: new Date(deps.now()).toISOString(),
    rows: out,
    totals: {
      openPositions: out.reduce((s, r) => s + r.openPositions, 0),
      longNotional: sum('longNotional'),
      shortNotional: sum('shortNotional'),
      marginHeld: sum('marginHeld'),
      unrealisedPnl: sum('unrealisedPnl'),
      platformResult: sum('platformResult'),
    },
  };
}
