import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { FindMarketQuery, Interval, InstrumentType } from '../../contract/market.ts';
import { marketApi } from './api.ts';
import { marketListKey, marketListQuery, marketRoot } from './listQuery.ts';

/**
 * Market reads. Answers depend on neither the book nor the language, so no key carries them;
 * the watchlist belongs to the user and is dropped from the cache on logout (invalidation.ts forgetUser).
 * Rows come with the app's names (`change24hPct`, `sparkline`): marketApi translated them. The
 * home page's list is apart (marketList.ts, useMarketList), so the home page carries none of this.
 */

/** The markets screen: one type page by page, or (no type) a search across every type. */
export type MarketPagesQuery = { type?: InstrumentType; search?: string; pageSize: number };

const market = marketRoot;
export const marketKeys = {
  all: market,
  list: marketListKey,
  pages: (q: MarketPagesQuery) => [...market, 'list', 'pages', q] as const,
  find: (q: FindMarketQuery) => [...market, 'find', q] as const,
  candles: (code: string, interval: Interval, limit: number) => [...market, 'candles', { code, interval, limit }] as const,
  stats: () => [...market, 'stats'] as const,
  watchlist: () => [...market, 'watchlist'] as const,
};

export const marketQueries = {
  /** instruments of one type (optionally searched): the home page's, marketList.ts */
  list: marketListQuery,
  /**
   * Every instrument of a type (or, without a type, every match of the search in all types), a
   * page at a time: the next page is asked until `total` rows are on screen.
   */
  pages: (q: MarketPagesQuery) =>
    infiniteQueryOptions({
      queryKey: marketKeys.pages(q),
      queryFn: ({ signal, pageParam }) =>
        marketApi.list({ type: q.type, search: q.search || undefined, pageNum: pageParam, pageSize: q.pageSize }, signal),
      initialPageParam: 1,
      getNextPageParam: (last, all) => (all.length * q.pageSize < last.total ? all.length + 1 : undefined),
      // a new search keeps the last rows on screen until its answer arrives
      placeholderData: (previous) => previous,
    }),
  /** the user's watchlist (the one market answer that is somebody's) */
  watchlist: () => queryOptions({ queryKey: marketKeys.watchlist(), queryFn: ({ signal }) => marketApi.watchlist(signal) }),
  /**
   * one instrument with its 24h figures, as an instrument page's address names it (code, base code
   * with type, or id); nothing is asked without a code or an id
   */
  find: (q: FindMarketQuery) =>
    queryOptions({
      queryKey: marketKeys.find(q),
      queryFn: ({ signal }) => marketApi.find(q, signal),
      enabled: !!(q.code || q.id),
    }),
  candles: (code: string, interval: Interval, limit = 120) =>
    queryOptions({
      queryKey: marketKeys.candles(code, interval, limit),
      queryFn: ({ signal }) => marketApi.candles({ code, interval, limit }, signal),
      enabled: code !== '',
    }),
  stats: () =>
    queryOptions({ queryKey: marketKeys.stats(), queryFn: ({ signal }) => marketApi.stats(signal), staleTime: 60_000 }),
};

/** Nothing is asked while `enabled` is false. */
export const useMarketPages = (q: MarketPagesQuery, enabled = true) => useInfiniteQuery({ ...marketQueries.pages(q), enabled });
/** `enabled` is false while logged out (nothing is asked). */
export const useWatchlist = (enabled: boolean) => useQuery({ ...marketQueries.watchlist(), enabled });
export const useFindMarket = (q: FindMarketQuery) => useQuery(marketQueries.find(q));
export const useCandles = (code: string, interval: Interval, limit = 120) =>
  useQuery(marketQueries.candles(code, interval, limit));
export const useMarketStats = () => useQuery(marketQueries.stats());

/** Star / unstar an instrument; the watchlist is asked again afterwards. */
export function useWatchToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { code: string; on: boolean }) => marketApi.watch(v.code, v.on),
    onSuccess: () => client.invalidateQueries({ queryKey: marketKeys.watchlist() }),
  });
}
