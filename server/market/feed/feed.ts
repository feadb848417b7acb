/** What a price feed (simulator or exchange adapter) hands to the market engine. */
export interface FeedTick {
  code: string;
  price: number;
  /** Tick time, ms since epoch (the exchange's event time, or the simulator's clock). */
  time: number;
  /** Base volume traded since the previous tick (simulator) or 0 when unknown. */
  volume: number;
  /** 24h rolling figures when the source provides them (exchange mini-ticker). */
  stats24h?: { open: number; high: number; low: number; volume: number; quoteVolume: number };
}

/**
 * Message published on the bus channel 'prices' (one array per feed step), read only by other
 * instances of this server: code, price and 24h change, plus what lets them keep 24h figures.
 * Clients never see it: the websocket sends PriceTicks (`{code, price, zdf}` on the wire).
 */
export interface BusTick {
  code: string;
  /** Decimal string at the instrument's precision. */
  price: string;
  /** 24h change, percent; an instance that gets none (an older version) computes its own. */
  change24hPct: number;
  /** Tick time, ms. */
  t: number;
  /** Volume since the previous tick (base units). */
  v: number;
  /** Exchange 24h figures [open, high, low, volume, quoteVolume], when known. */
  s24?: [number, number, number, number, number];
}
