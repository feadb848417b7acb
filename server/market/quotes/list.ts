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
  return list.filter((q) => (!type || q.info.type === type)
    && (q.info.code.startsWith(upper) || q.info.base.startsWith(upper) || q.info.name.toLowerCase().includes(lower)));
}

/** One page (1-based) of `items`; a page past the end is empty. */
export function pageOf<T>(items: readonly T[], pageNum = 1, pageSize = 20): T[] {
  return items.slice((pageNum - 1) * pageSize, pageNum * pageSize);
}
