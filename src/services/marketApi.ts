import { MARKET_PATHS } from '../contract/market.ts';
import { call } from './api.ts';
import type { Candle, Interval, InstrumentType, MarketInfo, MarketPage, MarketStats, WatchlistChange, WatchlistResult } from './types.ts';

export const marketApi = {
  list: (q: { type?: InstrumentType; search?: string; pageNum?: number; pageSize?: number }, signal?: AbortSignal) =>
    call<MarketPage>(MARKET_PATHS.list, { query: q, signal }),
  info: (code: string, signal?: AbortSignal) => call<MarketInfo>(MARKET_PATHS.info + encodeURIComponent(code), { signal }),
  candles: (q: { code: string; interval: Interval; limit?: number }, signal?: AbortSignal) =>
    call<Candle[]>(MARKET_PATHS.kline, { query: q, signal }),
  stats: (signal?: AbortSignal) => call<MarketStats>(MARKET_PATHS.stats, { signal }),
  watchlist: (signal?: AbortSignal) => call<WatchlistResult>(MARKET_PATHS.watchList, { signal }),
  watch: (code: string, on: boolean, signal?: AbortSignal) =>
    call<WatchlistChange>(on ? MARKET_PATHS.watchAdd : MARKET_PATHS.watchRemove, { method: 'POST', body: { code }, signal }),
};
