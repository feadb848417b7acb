import { Type, type Static } from 'typebox';
import { Page, PageQuery } from './envelope.ts';

/**
 * Market data contract (issue 3): instruments, quotes, candles, watchlist, home-page stats.
 * Shared by browser and server: no DOM, no Node imports.
 *
 * Conventions: prices are decimal strings (rounded to the instrument's precision), the 24h change
 * is a percent number with 2 decimals, sparkline points are numbers because they are only drawn,
 * times are UTC ISO 8601.
 *
 * Names at the boundary: the published API calls the 24h change `zdf` and the sparkline `hundred`.
 * Those names exist on the wire only. Code on both sides works with the internal types at the end
 * of this file (`MarketRow`, `MarketDetail`, `Quote`: `change24hPct`, `sparkline`) and converts
 * once, with the `...ToWire` functions at the server's route edge and the `...FromWire` functions
 * where the client receives a response.
 */

export const INSTRUMENT_TYPES = ['crypto', 'forex', 'stock', 'etf', 'futures'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];
export const InstrumentTypeSchema = Type.Union([
  Type.Literal('crypto'),
  Type.Literal('forex'),
  Type.Literal('stock'),
  Type.Literal('etf'),
  Type.Literal('futures'),
]);

/** Where a price comes from; every simulated price is labelled as such in the app. */
export const PRICE_SOURCES = ['simulated', 'exchange'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
export const PriceSourceSchema = Type.Union([Type.Literal('simulated'), Type.Literal('exchange')]);

export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type Interval = (typeof INTERVALS)[number];
export const IntervalSchema = Type.Union([
  Type.Literal('1m'),
  Type.Literal('5m'),
  Type.Literal('15m'),
  Type.Literal('30m'),
  Type.Literal('1h'),
  Type.Literal('4h'),
  Type.Literal('1d'),
  Type.Literal('1w'),
]);
/** Length of each interval in milliseconds (1w buckets start on Monday 00:00 UTC). */
export const INTERVAL_MS: Record<Interval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/** Instrument code: upper-case letters/digits, e.g. BTCUSDT, EURUSD, AAPL, ES (futures: ESUSD). */
export const InstrumentCode = Type.String({ pattern: '^[A-Z0-9]{1,20}$', maxLength: 20 });
const Price = Type.String({ pattern: '^-?[0-9]{1,20}(\\.[0-9]{1,12})?$', maxLength: 40 });

/** Number of points in an instrument's sparkline (one per 15 minutes: the last 25 hours). */
export const SPARKLINE_POINTS = 100;

/** GET /swx/customer/index/listMarketByType */
export const ListMarketQuery = Type.Object(
  {
    type: Type.Optional(InstrumentTypeSchema),
    /** Matches the start of the code or any part of the name, case-insensitive. */
    search: Type.Optional(Type.String({ maxLength: 40 })),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type ListMarketQuery = Static<typeof ListMarketQuery>;

export const MarketItem = Type.Object({
  code: Type.String(),
  type: InstrumentTypeSchema,
  id: Type.String(),
  /** URL of the logo (an SVG served by /swx/customer/index/logo/:code.svg). */
  logo: Type.String(),
  appName: Type.String(),
  /** Last price. */
  price: Price,
  /** 24h change, percent (internally `change24hPct`). */
  zdf: Type.Number(),
  /** The last 100 prices, oldest first, for the mini chart (internally `sparkline`). */
  hundred: Type.Array(Type.Number()),
  /** Same as price (kept for the original client, which reads both). */
  nowPrice: Price,
  source: PriceSourceSchema,
  /** True when the feed has not ticked for config.feed.staleAfterMs: not tradable. */
  stale: Type.Boolean(),
  /** Market hours: false outside trading hours (orders refused with 10015). */
  marketOpen: Type.Boolean(),
  pricePrecision: Type.Integer(),
  /** Smallest order quantity increment, decimal string. */
  quantityStep: Type.String(),
});
export type MarketItem = Static<typeof MarketItem>;
export const MarketPage = Page(MarketItem);
export type MarketPage = Static<typeof MarketPage>;

/** GET /swx/customer/index/getKValueByCodeAndDate */
export const KLineQuery = Type.Object(
  {
    code: InstrumentCode,
    interval: Type.Optional(IntervalSchema),
    /** Range start (inclusive), ISO 8601; default: `limit` candles before `to`. */
    from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
    /** Range end (inclusive), ISO 8601; default: now. */
    to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
    /** At most this many candles (the newest of the range); default 300. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1500 })),
  },
  { additionalProperties: false },
);
export type KLineQuery = Static<typeof KLineQuery>;

export const Candle = Type.Object({
  /** Bucket start, ISO 8601 UTC. */
  time: Type.String(),
  open: Price,
  high: Price,
  low: Price,
  close: Price,
  /** Base-asset volume, decimal string. */
  volume: Type.String(),
});
export type Candle = Static<typeof Candle>;
export const CandleList = Type.Array(Candle);

export const CodeParams = Type.Object({ code: InstrumentCode }, { additionalProperties: false });

/**
 * GET /swx/customer/index/findMarket: the instrument an instrument page's address names
 * (`/cruuency?code&type&id`): the exact code, else the id, else the code as a base asset (BTC →
 * BTCUSDT) within `type`. At least a code or an id (10030 otherwise); none found 10052.
 */
export const FindMarketQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,20}$', maxLength: 20 })),
    type: Type.Optional(InstrumentTypeSchema),
    id: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', maxLength: 18 })),
  },
  { additionalProperties: false },
);
export type FindMarketQuery = Static<typeof FindMarketQuery>;

/** GET /swx/customer/index/getMarketInfo/:code */
export const MarketInfo = Type.Object({
  code: Type.String(),
  type: InstrumentTypeSchema,
  id: Type.String(),
  appName: Type.String(),
  logo: Type.String(),
  price: Price,
  /** 24h absolute change. */
  change: Price,
  /** 24h change, percent (internally `change24hPct`). */
  zdf: Type.Number(),
  open: Price,
  high: Price,
  low: Price,
  /** 24h base volume. */
  volume: Type.String(),
  /** 24h quote volume (USD/USDT). */
  quoteVolume: Type.String(),
  source: PriceSourceSchema,
  stale: Type.Boolean(),
  marketOpen: Type.Boolean(),
  /** marketOpen && !stale: orders are accepted. */
  tradable: Type.Boolean(),
  pricePrecision: Type.Integer(),
  quantityStep: Type.String(),
  /** Time of the last tick. */
  time: Type.String(),
});
export type MarketInfo = Static<typeof MarketInfo>;

/** GET /swx/customer/index/getPrice/bitcoin and /getPrice/ethereum */
export const PriceQuote = Type.Object({
  code: Type.String(),
  price: Price,
  /** 24h change, percent (internally `change24hPct`). */
  zdf: Type.Number(),
  source: PriceSourceSchema,
  stale: Type.Boolean(),
  time: Type.String(),
});
export type PriceQuote = Static<typeof PriceQuote>;

/** GET /swx/customer/index/marketStats: home-page figures computed from data. */
export const MarketStats = Type.Object({
  /** Instruments listed per type (the home page's "350+ cryptocurrencies" is counts.crypto). */
  counts: Type.Object({
    crypto: Type.Integer(),
    forex: Type.Integer(),
    stock: Type.Integer(),
    etf: Type.Integer(),
    futures: Type.Integer(),
  }),
  total: Type.Integer(),
  /** Sum over all instruments of 24h quote volume, in USDT, decimal string (integer part). */
  volume24hUsdt: Type.String(),
  /** 'simulated' when any listed price is simulated. */
  source: PriceSourceSchema,
});
export type MarketStats = Static<typeof MarketStats>;

/** POST /swx/customer/user/watchlist/add and /remove */
export const WatchlistBody = Type.Object({ code: InstrumentCode }, { additionalProperties: false });
export type WatchlistBody = Static<typeof WatchlistBody>;
/** GET /swx/customer/user/watchlist/list: the user's instruments, oldest addition first. */
export const WatchlistResult = Type.Object({ rows: Type.Array(MarketItem), total: Type.Integer() });
export type WatchlistResult = Static<typeof WatchlistResult>;
export const WatchlistChange = Type.Object({ code: Type.String(), watching: Type.Boolean() });
export type WatchlistChange = Static<typeof WatchlistChange>;

/** API paths (prefix /swx/customer). */
export const MARKET_PATHS = {
  list: '/swx/customer/index/listMarketByType',
  kline: '/swx/customer/index/getKValueByCodeAndDate',
  // getMarketInfo/:code is the published API's; the app asks findMarket, which also takes a base code or an id
  find: '/swx/customer/index/findMarket',
  bitcoin: '/swx/customer/index/getPrice/bitcoin',
  ethereum: '/swx/customer/index/getPrice/ethereum',
  stats: '/swx/customer/index/marketStats',
  logo: '/swx/customer/index/logo/', // + code + '.svg'
  watchAdd: '/swx/customer/user/watchlist/add',
  watchRemove: '/swx/customer/user/watchlist/remove',
  watchList: '/swx/customer/user/watchlist/list',
} as const;

// ---- Internal names and their one translation to and from the wire ----

/** A market-list row as the code works with it (wire: MarketItem, whose `zdf`/`hundred` are renamed). */
export type MarketRow = Omit<MarketItem, 'zdf' | 'hundred'> & {
  /** 24h change, percent, 2 decimals. */
  change24hPct: number;
  /** The last SPARKLINE_POINTS prices, oldest first. */
  sparkline: number[];
};
export const marketRowToWire = ({ change24hPct, sparkline, ...rest }: MarketRow): MarketItem => ({
  ...rest,
  zdf: change24hPct,
  hundred: sparkline,
});
export const marketRowFromWire = ({ zdf, hundred, ...rest }: MarketItem): MarketRow => ({
  ...rest,
  change24hPct: zdf,
  sparkline: hundred,
});

/** A page of market rows (list by type, watchlist). */
export interface MarketRowPage {
  rows: MarketRow[];
  total: number;
}
export const marketPageToWire = (page: MarketRowPage): MarketPage => ({
  rows: page.rows.map(marketRowToWire),
  total: page.total,
});
export const marketPageFromWire = (page: MarketPage | WatchlistResult): MarketRowPage => ({
  rows: page.rows.map(marketRowFromWire),
  total: page.total,
});

/** One instrument's detail with 24h figures (wire: MarketInfo). */
export type MarketDetail = Omit<MarketInfo, 'zdf'> & { change24hPct: number };
export const marketDetailToWire = ({ change24hPct, ...rest }: MarketDetail): MarketInfo => ({ ...rest, zdf: change24hPct });
export const marketDetailFromWire = ({ zdf, ...rest }: MarketInfo): MarketDetail => ({ ...rest, change24hPct: zdf });

/** A single price with its 24h change (wire: PriceQuote). */
export type Quote = Omit<PriceQuote, 'zdf'> & { change24hPct: number };
export const quoteToWire = ({ change24hPct, ...rest }: Quote): PriceQuote => ({ ...rest, zdf: change24hPct });
export const quoteFromWire = ({ zdf, ...rest }: PriceQuote): Quote => ({ ...rest, change24hPct: zdf });
