import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FindMarketQuery, Interval, InstrumentType } from '../../contract/market.ts';
import { marketApi } from '../marketApi.ts';

/**
 * Market reads. Answers depend on neither the book nor the language, so no key carries them;
 * the watchlist belongs to the user and is dropped from the cache on logout (client.ts).
 * Rows come with the app's names (`change24hPct`, `sparkline`): marketApi translated them.
 */
export type MarketListQuery = { type: InstrumentType; search?: string; pageSize: number };
/** The markets screen: one type page by page, or (no type) a search across every type. */
export type MarketPagesQuery = { type?: InstrumentType; search?: string; pageSize: number };

export const marketKeys = {
  all: ['market'] as const,
  lists: () => ['market', 'list'] as const,
  list: (q: MarketListQuery) => ['market', 'list', q] as const,
  pages: (q: MarketPagesQuery) => ['market', 'list', 'pages', q] as const,
  find: (q: FindMarketQuery) => ['market', 'find', q] as const,
  candles: (code: string, interval: Interval, limit: number) => ['market', 'candles', { code, interval, limit }] as const,
  stats: () => ['market', 'stats'] as const,
  watchlist: () => ['market', 'watchlist'] as const,
};

/** Instruments of one type (optionally searched); nothing is asked while `enabled` is false. */
export function useMarketList(q: MarketListQuery, enabled = true) {
  return useQuery({
    queryKey: marketKeys.list(q),
    queryFn: ({ signal }) => marketApi.list({ type: q.type, search: q.search || undefined, pageSize: q.pageSize }, signal),
    enabled,
    // a new search keeps the type's last rows on screen until its answer arrives
    placeholderData: (previous, previousQuery) => ((previousQuery?.queryKey[2] as MarketListQuery | undefined)?.type === q.type ? previous : undefined),
  });
}

/**
 * Every instrument of a type (or, without a type, every match of the search in all types), a page
 * at a time: `fetchNextPage` asks for the next page until `total` rows are on screen.
 */
export function useMarketPages(q: MarketPagesQuery, enabled = true) {
  return useInfiniteQuery({
    queryKey: marketKeys.pages(q),
    queryFn: ({ signal, pageParam }) => marketApi.list({ type: q.type, search: q.search || undefined, pageNum: pageParam, pageSize: q.pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * q.pageSize < last.total ? all.length + 1 : undefined),
    enabled,
    // a new search keeps the last rows on screen until its answer arrives
    placeholderData: (previous) => previous,
  });
}

/** The user's watchlist; `enabled` is false while logged out (nothing is asked). */
export function useWatchlist(enabled: boolean) {
  return useQuery({ queryKey: marketKeys.watchlist(), queryFn: ({ signal }) => marketApi.watchlist(signal), enabled });
}

/**
 * One instrument with its 24h figures, as an instrument page's address names it (code, base code
 * with type, or id); nothing is asked without a code or an id.
 */
export function useFindMarket(q: FindMarketQuery) {
  return useQuery({ queryKey: marketKeys.find(q), queryFn: ({ signal }) => marketApi.find(q, signal), enabled: !!(q.code || q.id) });
}

export function useCandles(code: string, interval: Interval, limit = 120) {
  return useQuery({
    queryKey: marketKeys.candles(code, interval, limit),
    queryFn: ({ signal }) => marketApi.candles({ code, interval, limit }, signal),
    enabled: code !== '',
  });
}

export function useMarketStats() {
  return useQuery({ queryKey: marketKeys.stats(), queryFn: ({ signal }) => marketApi.stats(signal), staleTime: 60_000 });
}

/** Star / unstar an instrument; the watchlist is asked again afterwards. */
export function useWatchToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { code: string; on: boolean }) => marketApi.watch(v.code, v.on),
    onSuccess: () => client.invalidateQueries({ queryKey: marketKeys.watchlist() }),
  });
}
