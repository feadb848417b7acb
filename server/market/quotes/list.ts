import type { InstrumentType } from '../../../src/contract/market.ts';
import type { LiveQuote } from './state.ts';

/** What the market list can be narrowed by (GET listMarketByType). */
export interface ListFilter {
  type?: InstrumentType;
  /** Matches the start of the code or of the base asset, or any part of the name, case-insensitive. */
  search?: string;
}

/** The instruments matching the filter, in catalogue order. */
export function filterQuotes(list: readonly LiveQuote[], { type, search }: ListFilter): LiveQuote[] {
  const term = search?.trim();
  if (!term) return type ? list.filter((q) => q.info.type === type) : [...list];
  const upper = term.toUpperCase();
  const lower = term.toLowerCase();
  return list.filter(
    (q) =>
      (!type || q.info.type === type) &&
      (q.info.code.startsWith(upper) || q.info.base.startsWith(upper) || q.info.name.toLowerCase().includes(lower)),
  );
}

/** What an instrument page's address may name an instrument by (/cruuency?code&type&id; docs/market.md, "Finding an instrument"). */
export interface InstrumentLookup {
  /** The code (BTCUSDT) or the base asset (BTC), any case. */
  code?: string;
  /** The kind of market (crypto, forex, stock, etf, futures): narrows a base code. */
  type?: InstrumentType;
  /** The instrument's id as the market list gives it. */
  id?: string;
}

/**
 * The instrument an address names: the exact code first (BTCUSDT keeps working whatever else is
 * given), then the id, then the code as a base asset within the type if one is given (BTC →
 * BTCUSDT; EUR → EURUSD): the pair quoted in USDT, else in USD, else the first in catalogue order.
 */
export function findQuote(list: readonly LiveQuote[], { code, type, id }: InstrumentLookup): LiveQuote | undefined {
  const upper = code?.trim().toUpperCase();
  const exact = upper ? list.find((q) => q.info.code === upper) : undefined;
  if (exact) return exact;
  const byId = id ? list.find((q) => String(q.info.id) === id) : undefined;
  if (byId || !upper) return byId;
  const bases = list.filter((q) => q.info.base === upper && (!type || q.info.type === type));
  return bases.find((q) => q.info.quote === 'USDT') ?? bases.find((q) => q.info.quote === 'USD') ?? bases[0];
}

/** One page (1-based) of `items`; a page past the end is empty. */
export function pageOf<T>(items: readonly T[], pageNum = 1, pageSize = 20): T[] {
  return items.slice((pageNum - 1) * pageSize, pageNum * pageSize);
}
