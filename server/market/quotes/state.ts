import type { InstrumentType, PriceSource } from '../../../src/contract/market.ts';
import { SPARKLINE_POINTS, INTERVAL_MS } from '../../../src/contract/market.ts';
import type { HoursKind } from '../catalogue/index.ts';
import { aggregate, bucketStart, generateUnits, type CandleNum, type HistorySpec } from '../candles/history.ts';
import { lastTradingTime } from '../hours/tradingSessions.ts';

/** A listed instrument as loaded from the `instruments` table. */
export interface InstrumentInfo {
  id: number;
  code: string;
  type: InstrumentType;
  base: string;
  quote: string;
  name: string;
  pricePrecision: number;
  quantityStep: string;
  hours: HoursKind;
  source: PriceSource;
  volatility: number;
  dailyTurnover: number;
  sortOrder: number;
  seed: string;
  anchorAt: number;
  anchorPrice: number;
}

export const historySpecOf = (i: InstrumentInfo): HistorySpec => ({
  code: i.code,
  seed: i.seed,
  anchorAt: i.anchorAt,
  anchorPrice: i.anchorPrice,
  volatility: i.volatility,
  dailyTurnover: i.dailyTurnover,
  hours: i.hours,
});

interface Bucket extends CandleNum {
  quoteVolume: number;
}

export interface Stats24 {
  open: number;
  high: number;
  low: number;
  volume: number;
  quoteVolume: number;
}

const Q15 = INTERVAL_MS['15m'];
const DAY = 86_400_000;

/** Live state of one instrument on this instance. */
export interface LiveQuote {
  info: InstrumentInfo;
  price: number;
  /** Time of the last tick (the feed's clock), 0 before any. */
  time: number;
  /** Time the loaded price is from (the last stored 1m candle, else the anchor): where the simulator's closed-time gap starts. */
  priceAt: number;
  /** When this instance last heard a tick for it (local clock): drives stale detection. */
  seenAt: number;
  /** 24h change in percent (2 decimals), against the open of the 24h window. */
  change24hPct: number;
  /** The exchange's own 24h figures, when the feed gives them. */
  ext24?: Stats24;
  /** The last SPARKLINE_POINTS 15-minute buckets (built lazily): sparkline and 24h figures. */
  ring?: Bucket[];
  /** The 24h window's finished buckets summed once (see MarketState.stats24). */
  closed24?: Closed24;
}

/**
 * The part of the 24h window that no longer moves: every bucket of the ring but the newest, from
 * `since` on. Valid while the ring, its newest bucket and the window start are the ones it was
 * summed from; only the newest bucket changes between rolls, so a tick costs one bucket, not 96.
 */
interface Closed24 {
  ring: Bucket[];
  lastTime: number;
  since: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  quoteVolume: number;
}

/** Change from `open` to `price` in percent, 2 decimals (0 without an open). */
export function changePct(price: number, open: number): number {
  return open > 0 ? Math.round(((price - open) / open) * 10_000) / 100 : 0;
}

/** Merges a generated partial bucket (before the anchor) with a live one (after it). */
export function combine(older: CandleNum, newer: CandleNum): CandleNum {
  // nothing traded in the generated part (market closed): the bucket is the live part alone
  if (older.volume === 0) return { ...newer, time: older.time };
  return {
    time: older.time,
    open: older.open,
    high: Math.max(older.high, newer.high),
    low: Math.min(older.low, newer.low),
    close: newer.close,
    volume: older.volume + newer.volume,
  };
}

/**
 * Prices of every listed instrument as this instance knows them. Fed with ticks (from the
 * local feed on the leader, from the bus elsewhere); a tick older than the last one is ignored,
 * so the leader hearing its own broadcast back changes nothing.
 */
export class MarketState {
  readonly quotes = new Map<string, LiveQuote>();
  readonly list: LiveQuote[];

  constructor(
    instruments: readonly InstrumentInfo[],
    lastClose: ReadonlyMap<string, { close: number; time: number }>,
    private readonly stored15: ReadonlyMap<string, CandleNum[]>,
  ) {
    this.list = [...instruments]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((info) => {
        const last = lastClose.get(info.code);
        return {
          info,
          price: last?.close ?? info.anchorPrice,
          time: 0,
          priceAt: last?.time ?? info.anchorAt,
          seenAt: 0,
          change24hPct: 0,
        };
      });
    for (const q of this.list) this.quotes.set(q.info.code, q);
  }

  get(code: string): LiveQuote | undefined {
    return this.quotes.get(code);
  }

  /**
   * Builds the 15-minute ring from generated history and stored candles, gaps carried flat. A
   * closed market's ring ends at its close (`lastTradingTime`): it stays as it was then.
   */
  private ring(q: LiveQuote, now: number): Bucket[] {
    if (q.ring) return q.ring;
    const info = q.info;
    const at = lastTradingTime(info.hours, now);
    const current = bucketStart(at, '15m');
    const from = current - (SPARKLINE_POINTS - 1) * Q15;
    const byTime = new Map<number, CandleNum>();
    if (from < info.anchorAt) {
      const units = generateUnits(historySpecOf(info), info.anchorAt - from + Q15);
      for (const c of aggregate(units, '15m', from, info.anchorAt - 1)) byTime.set(c.time, c);
    }
    for (const c of this.stored15.get(info.code) ?? []) {
      if (c.time < from) continue;
      const gen = byTime.get(c.time);
      byTime.set(c.time, gen ? combine(gen, c) : c);
    }
    const ring: Bucket[] = [];
    let prevClose = byTime.get(from)?.open ?? [...byTime.values()].sort((a, b) => a.time - b.time)[0]?.open ?? q.price;
    for (let t = from; t <= current; t += Q15) {
      const c = byTime.get(t);
      const b: Bucket = c
        ? { ...c, quoteVolume: c.volume * ((c.open + c.close) / 2) }
        : { time: t, open: prevClose, high: prevClose, low: prevClose, close: prevClose, volume: 0, quoteVolume: 0 };
      ring.push(b);
      prevClose = b.close;
    }
    // the last point is the price now
    const last = ring[ring.length - 1];
    if (q.time > 0 || !byTime.has(current)) {
      last.close = q.price;
      last.high = Math.max(last.high, q.price);
      last.low = Math.min(last.low, q.price);
    }
    q.ring = ring;
    q.change24hPct = this.change24hPctOf(q, now);
    return ring;
  }

  /** Applies one tick; false when it is not newer than what we have. */
  apply(
    code: string,
    price: number,
    time: number,
    volume: number,
    seenAt: number,
    opts: { change24hPct?: number; ext24?: Stats24 } = {},
  ): LiveQuote | undefined {
    const q = this.quotes.get(code);
    if (!q || !(price > 0) || !Number.isFinite(price) || time <= q.time) return undefined;
    const ring = this.ring(q, time);
    const b = bucketStart(time, '15m');
    let last = ring[ring.length - 1];
    while (last.time < b) {
      // roll forward (gaps are carried flat), keep SPARKLINE_POINTS buckets
      const t = last.time + Q15;
      last = { time: t, open: last.close, high: last.close, low: last.close, close: last.close, volume: 0, quoteVolume: 0 };
      ring.push(last);
      if (ring.length > SPARKLINE_POINTS) ring.shift();
    }
    last.close = price;
    if (price > last.high) last.high = price;
    if (price < last.low) last.low = price;
    last.volume += volume;
    last.quoteVolume += volume * price;
    q.price = price;
    q.time = time;
    q.seenAt = seenAt;
    if (opts.ext24) q.ext24 = opts.ext24;
    q.change24hPct = opts.change24hPct ?? this.change24hPctOf(q, time);
    return q;
  }

  /**
   * 24h open/high/low/volume: the exchange's own when it gives them, else from the ring. For a
   * closed market these are the 24 hours before it closed (a stock on Sunday shows Friday's
   * session against Thursday's close, as exchanges do), not an empty window of zeros.
   */
  stats24(q: LiveQuote, now: number): Stats24 {
    if (q.ext24) return q.ext24;
    const ring = this.ring(q, now);
    const at = lastTradingTime(q.info.hours, now);
    // closed: exactly the 24 h before the closing instant (at + 1), e.g. Thursday 16:00 to Friday 16:00
    const since = bucketStart(at === now ? now : at + 1, '15m') - DAY;
    const last = ring[ring.length - 1];
    let c = q.closed24;
    if (!c || c.ring !== ring || c.lastTime !== last.time || c.since !== since) {
      c = { ring, lastTime: last.time, since, open: 0, high: -Infinity, low: Infinity, volume: 0, quoteVolume: 0 };
      for (let i = 0; i < ring.length - 1; i++) {
        const b = ring[i];
        if (b.time < since) continue;
        if (!c.open) c.open = b.open;
        if (b.high > c.high) c.high = b.high;
        if (b.low < c.low) c.low = b.low;
        c.volume += b.volume;
        c.quoteVolume += b.quoteVolume;
      }
      q.closed24 = c;
    }
    let open = c.open;
    let high = Math.max(q.price, c.high);
    let low = Math.min(q.price, c.low);
    let volume = c.volume;
    let quoteVolume = c.quoteVolume;
    if (last.time >= since) {
      if (!open) open = last.open;
      if (last.high > high) high = last.high;
      if (last.low < low) low = last.low;
      volume += last.volume;
      quoteVolume += last.quoteVolume;
    }
    return { open: open || q.price, high, low, volume, quoteVolume };
  }

  private change24hPctOf(q: LiveQuote, now: number): number {
    return changePct(q.price, this.stats24(q, now).open);
  }

  /** The 24h change in percent, building the ring first if no tick has yet (a closed market). */
  change24hPctNow(q: LiveQuote, now: number): number {
    this.ring(q, now);
    return q.change24hPct;
  }

  /** Builds the rings of the instruments whose market is closed (they get no tick to do it). */
  warmClosed(now: number, isOpen: (q: LiveQuote) => boolean): void {
    for (const q of this.list) if (!q.ring && !isOpen(q)) this.ring(q, now);
  }

  /** The sparkline: the last 100 fifteen-minute closes, the newest being the price now (for a closed market: at its close). */
  sparkline(q: LiveQuote, now: number): number[] {
    const p = q.info.pricePrecision;
    return this.ring(q, now).map((b) => Number(b.close.toFixed(p)));
  }
}
