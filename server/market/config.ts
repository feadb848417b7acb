import { configFragment, int, url, oneOf } from '../platform/env.ts';

/** The price feed and the price websockets. */
declare module '../platform/config.ts' {
  interface Config {
    feed: { kind: 'simulated' | 'exchange'; url?: string; seed?: number; staleAfterMs: number };
    /**
     * Price websockets one client address (the same `req.ip` the HTTP limits count) may hold open;
     * one more is closed at once with 1008. Each socket gets the whole price list and every batch.
     */
    wsMaxPerAddress: number;
    /**
     * Price websockets the instance holds open in all (WS_MAX_TOTAL); one more is closed at once
     * with 1013 "try again later", so many addresses together cannot exhaust the process.
     */
    wsMaxTotal: number;
  }
}

/** The variables the market domain reads (README, "Configuration"). */
export const MARKET_ENV = {
  FEED: oneOf(['simulated', 'exchange'], 'simulated', 'price source'),
  FEED_URL: url(['wss', 'ws'], 'exchange stream for FEED=exchange'),
  FEED_SEED: int(0, Number.MAX_SAFE_INTEGER, undefined, 'simulator seed'),
  FEED_STALE_MS: int(1000, 86_400_000, 30_000, 'an instrument without a tick this long is not tradable'),
  WS_MAX_PER_ADDRESS: int(1, 1_000_000, 20, 'price websockets per client address'),
  WS_MAX_TOTAL: int(1, 10_000_000, 5000, 'price websockets one instance holds open in all'),
};

export const marketConfig = configFragment(MARKET_ENV, (e) => ({
  feed: {
    kind: e.FEED ?? 'simulated',
    url: e.FEED_URL,
    seed: e.FEED_SEED,
    staleAfterMs: e.FEED_STALE_MS ?? 30_000,
  },
  wsMaxPerAddress: e.WS_MAX_PER_ADDRESS ?? 20,
  wsMaxTotal: e.WS_MAX_TOTAL ?? 5000,
}));
