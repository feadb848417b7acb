import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstrumentType } from '../../contract/market.ts';
import { marketApi } from './api.ts';

/**
 * The one market read of the home page: instruments of one type. Apart from the rest of the
 * market's reads (market.ts, which grows its key factory and query options from these) because
 * the home page is the first visit's JavaScript: the markets screen's pages, the instrument
 * page's reads and the watchlist toggle would bring the infinite-query and mutation code of
 * TanStack Query with them (docs/performance.md, "Home page budget"). Answers depend on neither
 * the book nor the language, so no key carries them.
 */
export type MarketListQuery = { type: InstrumentType; search?: string; pageSize: number };

export const marketRoot = ['market'] as const;
export const marketListKey = (q: MarketListQuery) => [...marketRoot, 'list', q] as const;

/** instruments of one type (optionally searched) */
export const marketListQuery = (q: MarketListQuery) =>
  queryOptions({
    queryKey: marketListKey(q),
    queryFn: ({ signal }) => marketApi.list({ type: q.type, search: q.search || undefined, pageSize: q.pageSize }, signal),
    // a new search keeps the type's last rows on screen until its answer arrives
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as MarketListQuery | undefined)?.type === q.type ? previous : undefined,
  });

/** Nothing is asked while `enabled` is false. */
export const useMarketList = (q: MarketListQuery, enabled = true) => useQuery({ ...marketListQuery(q), enabled });
