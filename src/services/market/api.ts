import {
  MARKET_PATHS,
  marketDetailFromWire,
  marketPageFromWire,
  type Candle,
  type FindMarketQuery,
  type Interval,
  type InstrumentType,
  type MarketDetail,
  type MarketInfo,
  type MarketPage,
  type MarketRowPage,
  type MarketStats,
  type WatchlistChange,
  type WatchlistResult,
} from '../../contract/market.ts';
import { call } from '../platform/api.ts';

/**
 * Market reads and the watchlist toggle. The wire's `zdf` / `hundred` are translated here, once,
 * with the contract's FromWire functions: everything above this module sees `change24hPct` and
 * `sparkline`.
 */
export const marketApi = {
  list: async (
    q: { type?: InstrumentType; search?: string; pageNum?: number; pageSize?: number },
    signal?: AbortSignal,
  ): Promise<MarketRowPage> => marketPageFromWire(await call<MarketPage>(MARKET_PATHS.list, { query: q, signal })),
  /** The instrument an instrument page's address names (docs/market.md, "Finding an instrument"): what the page shows of it. */
  find: async (q: FindMarketQuery, signal?: AbortSignal): Promise<MarketDetail> =>
    marketDetailFromWire(await call<MarketInfo>(MARKET_PATHS.find, { query: q, signal })),
  candles: (q: { code: string; interval: Interval; limit?: number }, signal?: AbortSignal) =>
    call<Candle[]>(MARKET_PATHS.kline, { query: q, signal }),
  stats: (signal?: AbortSignal) => call<MarketStats>(MARKET_PATHS.stats, { signal }),
  watchlist: async (signal?: AbortSignal): Promise<MarketRowPage> =>
    marketPageFromWire(await call<WatchlistResult>(MARKET_PATHS.watchList, { signal })),
  watch: (code: string, on: boolean, signal?: AbortSignal) =>
    call<WatchlistChange>(on ? MARKET_PATHS.watchAdd : MARKET_PATHS.watchRemove, { method: 'POST', body: { code }, signal }),
};
