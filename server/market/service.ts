import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { instruments } from '../db/schema/index.ts';
import { Err } from '../../src/contract/errors.ts';
import { INSTRUMENT_TYPES, type InstrumentType, type MarketInfo, type MarketItem, type MarketStats, type PriceQuote, type PriceSource } from '../../src/contract/market.ts';
import type { WsTick } from '../../src/contract/ws.ts';
import { ASSET_DECIMALS, type Asset } from '../../src/contract/constants.ts';
import { BizError } from '../http/errors.ts';
import type { HoursKind } from './catalogue/index.ts';
import { isOpenAt } from './hours/hours.ts';
import { isOpenFast, lastTradingTime, sessionStart } from './hours/tradingSessions.ts';
import { HistoryCache, type CandleNum } from './candles/history.ts';
import { MarketState, type InstrumentInfo, type Quote, type Stats24 } from './quotes/state.ts';
import { queryCandles, type CandleQuery, type CandleWriter } from './candles/candles.ts';
import type { BusTick, FeedTick } from './feed/feed.ts';

export const logoUrl = (code: string) => `/swx/customer/index/logo/${code}.svg`;

declare module '../config.ts' {
  interface Config {
    /**
     * Tests only: the market's clock (ms since epoch) instead of Date.now(), so a test can run the
     * platform on a fixed Saturday or Monday morning whatever day it runs on.
     */
    marketClock?: () => number;
  }
}

/**
 * The market as one instance sees it (app.market): the listed instruments, their live quotes,
 * candles, and the checks other domains use before trading or valuing (priceOf, valueInUsdt,
 * assertTradable). Every instance has one; only the leader runs the feed (engine.ts).
 */
export class MarketService {
  state = new MarketState([], new Map(), new Map());
  readonly history = new HistoryCache();
  /** Set by the engine while this instance is the leader (its buckets are fresher than the table). */
  writer?: CandleWriter;
  /** Stale detection runs only while the engine runs (a feed is expected); off, prices stay as loaded. */
  feedExpected = false;
  /** Listeners get the changed prices of each feed step ({code, price, zdf}). */
  readonly events = new EventEmitter();

  constructor(private readonly app: FastifyInstance) {
    this.events.setMaxListeners(0);
  }

  get staleAfterMs() {
    return this.app.config.feed.staleAfterMs;
  }

  /** The market's clock: Date.now() except in tests that pin it (config.marketClock). */
  now(): number {
    return this.app.config.marketClock?.() ?? Date.now();
  }

  /** Reads the catalogue and the last stored prices; called after seeding. */
  async load(): Promise<void> {
    const rows = await this.app.db.select().from(instruments).where(eq(instruments.enabled, true));
    const infos: InstrumentInfo[] = rows.map((r) => ({
      id: r.id, code: r.code, type: r.type, base: r.base, quote: r.quote, name: r.name, pricePrecision: r.pricePrecision,
      quantityStep: new Decimal(r.quantityStep).toFixed(), hours: r.hours as HoursKind, source: r.source, volatility: r.volatility,
      dailyTurnover: r.dailyTurnover, sortOrder: r.sortOrder, seed: r.historySeed, anchorAt: r.anchorAt.getTime(), anchorPrice: Number(r.anchorPrice),
    }));
    type LastRow = { code: string; close: string; time: Date | string };
    const last = (await this.app.db.execute(sql`
      SELECT i.code, c.close, c.time FROM instruments i
      CROSS JOIN LATERAL (SELECT close, time FROM market_candles m WHERE m.code = i.code AND m.interval = '1m' ORDER BY time DESC LIMIT 1) c`)) as unknown as { rows: LastRow[] };
    const lastClose = new Map(last.rows.map((r) => [r.code, { close: Number(r.close), time: new Date(r.time).getTime() }]));
    type Row15 = { code: string; time: Date | string; open: string; high: string; low: string; close: string; volume: string };
    // the 24h ring of a closed market ends at its close (a stock on Sunday: Friday 16:00), so
    // each trading-hours kind reads the 26 h before its own last trading time
    const now = this.now();
    const since = (hours: HoursKind) => new Date(lastTradingTime(hours, now) - 26 * 3600_000).toISOString();
    const r15 = (await this.app.db.execute(sql`
      SELECT i.code, c.time, c.open, c.high, c.low, c.close, c.volume FROM instruments i
      CROSS JOIN LATERAL (SELECT * FROM market_candles m WHERE m.code = i.code AND m.interval = '15m' AND m.time >= (CASE i.hours
        WHEN 'forex' THEN ${since('forex')} WHEN 'us-equity' THEN ${since('us-equity')} WHEN 'futures' THEN ${since('futures')}
        ELSE ${since('always')} END)::timestamptz) c`)) as unknown as { rows: Row15[] };
    const stored15 = new Map<string, CandleNum[]>();
    for (const r of r15.rows) {
      const list = stored15.get(r.code) ?? [];
      list.push({ time: new Date(r.time).getTime(), open: Number(r.open), high: Number(r.high), low: Number(r.low), close: Number(r.close), volume: Number(r.volume) });
      stored15.set(r.code, list);
    }
    const previous = this.state;
    this.state = new MarketState(infos, lastClose, stored15);
    // a reload while the feed runs keeps the live prices (and their freshness)
    for (const q of this.state.list) {
      const old = previous.get(q.info.code);
      if (old && old.time > 0) Object.assign(q, { price: old.price, time: old.time, seenAt: old.seenAt, zdf: old.zdf, ext24: old.ext24, ring: old.ring });
    }
    setCurrentMarket(this);
  }

  get(code: string): Quote | undefined {
    return this.state.get(code);
  }

  /** The instrument or refusal 10052. */
  require(code: string): Quote {
    const q = this.state.get(code);
    if (!q) throw new BizError(Err.INSTRUMENT_NOT_FOUND, { code });
    return q;
  }

  /**
   * No tick for staleAfterMs while a feed is expected. A closed market is never stale (it is not
   * supposed to tick), and one that just reopened gets staleAfterMs from the open to tick.
   */
  isStale(q: Quote, now = this.now()): boolean {
    if (!this.feedExpected) return false;
    const opened = sessionStart(q.info.hours, now);
    return opened !== undefined && now - Math.max(q.seenAt, opened) > this.staleAfterMs;
  }

  staleCodes(now = this.now()): string[] {
    return this.feedExpected ? this.state.list.filter((q) => this.isStale(q, now)).map((q) => q.info.code) : [];
  }

  formatPrice(q: Quote): string {
    return q.price.toFixed(q.info.pricePrecision);
  }

  /**
   * For the trading engineers: refuses 10052 (unknown), 10015 (market closed), 10047 (price
   * stale); returns the price to trade at.
   */
  assertTradable(code: string, date: Date = new Date(this.now())): { code: string; price: string; source: PriceSource } {
    const q = this.require(code);
    if (!isOpenAt(q.info.hours, date)) throw new BizError(Err.NOT_TRADABLE, { code });
    if (this.isStale(q, date.getTime())) throw new BizError(Err.PRICE_UNAVAILABLE, { code });
    return { code, price: this.formatPrice(q), source: q.info.source };
  }

  /** Last price as a decimal string; 10052 unknown, 10047 stale. */
  priceOf(code: string): string {
    const q = this.require(code);
    if (this.isStale(q)) throw new BizError(Err.PRICE_UNAVAILABLE, { code });
    return this.formatPrice(q);
  }

  /** Value of `amount` of a wallet asset in USDT (USDT = 1, BTC via BTCUSDT, ETH via ETHUSDT), rounded down to 6 places. */
  valueInUsdt(asset: Asset | string, amount: string | Decimal): string {
    const a = new Decimal(amount);
    if (asset === 'USDT') return a.toDecimalPlaces(ASSET_DECIMALS.USDT, Decimal.ROUND_DOWN).toFixed();
    const price = this.priceOf(`${asset}USDT`);
    return a.mul(price).toDecimalPlaces(ASSET_DECIMALS.USDT, Decimal.ROUND_DOWN).toFixed();
  }

  /** USD value of one unit of a currency (for volume totals); undefined when unknown. */
  private usdPerUnit(ccy: string): number | undefined {
    if (ccy === 'USD' || ccy === 'USDT') return 1;
    const direct = this.state.get(`${ccy}USD`) ?? this.state.get(`${ccy}USDT`);
    if (direct) return direct.price;
    const inverse = this.state.get(`USD${ccy}`);
    return inverse ? 1 / inverse.price : undefined;
  }

  item(q: Quote, now = this.now()): MarketItem {
    const price = this.formatPrice(q);
    const hundred = this.state.hundred(q, now); // builds the 24h ring (and zdf) if no tick has yet
    return {
      code: q.info.code, type: q.info.type, id: String(q.info.id), logo: logoUrl(q.info.code), appName: q.info.name,
      price, zdf: q.zdf, hundred, nowPrice: price, source: q.info.source,
      stale: this.isStale(q, now), marketOpen: isOpenFast(q.info.hours, now),
      pricePrecision: q.info.pricePrecision, quantityStep: q.info.quantityStep,
    };
  }

  info(q: Quote, now = this.now()): MarketInfo {
    const s: Stats24 = this.state.stats24(q, now);
    const p = q.info.pricePrecision;
    const stale = this.isStale(q, now);
    const marketOpen = isOpenFast(q.info.hours, now);
    return {
      code: q.info.code, type: q.info.type, id: String(q.info.id), appName: q.info.name, logo: logoUrl(q.info.code),
      price: q.price.toFixed(p), change: (q.price - s.open).toFixed(p), zdf: zdfFrom(q.price, s.open), open: s.open.toFixed(p),
      high: s.high.toFixed(p), low: s.low.toFixed(p), volume: s.volume.toFixed(4), quoteVolume: s.quoteVolume.toFixed(2),
      source: q.info.source, stale, marketOpen, tradable: marketOpen && !stale, pricePrecision: p, quantityStep: q.info.quantityStep,
      time: new Date(q.time || q.priceAt).toISOString(),
    };
  }

  quote(code: string): PriceQuote {
    const q = this.require(code);
    const now = this.now();
    return { code, price: this.formatPrice(q), zdf: this.state.zdfNow(q, now), source: q.info.source, stale: this.isStale(q, now), time: new Date(q.time || q.priceAt).toISOString() };
  }

  /** Home-page figures, computed from the catalogue and the live 24h volumes. */
  stats(now = this.now()): MarketStats {
    const counts = Object.fromEntries(INSTRUMENT_TYPES.map((t) => [t, 0])) as Record<InstrumentType, number>;
    let volume = new Decimal(0);
    let simulated = false;
    for (const q of this.state.list) {
      counts[q.info.type]++;
      if (q.info.source === 'simulated') simulated = true;
      const usd = this.usdPerUnit(q.info.quote);
      if (usd !== undefined) volume = volume.add(new Decimal(this.state.stats24(q, now).quoteVolume).mul(usd));
    }
    return { counts, total: this.state.list.length, volume24hUsdt: volume.toFixed(0, Decimal.ROUND_DOWN), source: simulated ? 'simulated' : 'exchange' };
  }

  /** The websocket's view of every instrument (or a subset). */
  snapshot(codes?: ReadonlySet<string> | null): WsTick[] {
    const out: WsTick[] = [];
    const now = this.now();
    for (const q of this.state.list) if (!codes || codes.has(q.info.code)) out.push({ code: q.info.code, price: this.formatPrice(q), zdf: this.state.zdfNow(q, now) });
    return out;
  }

  /** Whether the instrument's market is in session at `now` (market clock). */
  isOpen(q: Quote, now = this.now()): boolean {
    return isOpenFast(q.info.hours, now);
  }

  candles(code: string, query: CandleQuery) {
    const q = this.require(code);
    return queryCandles(this.app.db, this.history, q.info, query, this.now(), this.writer);
  }

  /** Applies the leader's own feed step; returns what to broadcast. */
  applyFeed(ticks: readonly FeedTick[], now = this.now()): BusTick[] {
    const out: BusTick[] = [];
    for (const t of ticks) {
      const ext24 = t.stats24h;
      const q = this.state.apply(t.code, t.price, t.time, t.volume, now, { ext24 });
      if (!q) continue;
      const msg: BusTick = { code: t.code, price: this.formatPrice(q), zdf: q.zdf, t: t.time, v: t.volume };
      if (ext24) msg.s24 = [ext24.open, ext24.high, ext24.low, ext24.volume, ext24.quoteVolume];
      out.push(msg);
    }
    this.emitChanges(out);
    return out;
  }

  /** Applies ticks another instance (or this one) published on the bus. */
  applyBus(message: unknown, now = this.now()): void {
    if (!Array.isArray(message)) return;
    const changed: BusTick[] = [];
    for (const m of message as BusTick[]) {
      if (!m || typeof m.code !== 'string' || typeof m.price !== 'string' || typeof m.t !== 'number') continue;
      const s = Array.isArray(m.s24) && m.s24.length === 5 ? m.s24 : undefined;
      const q = this.state.apply(m.code, Number(m.price), m.t, Number(m.v) || 0, now, {
        zdf: typeof m.zdf === 'number' ? m.zdf : undefined,
        ext24: s && { open: s[0], high: s[1], low: s[2], volume: s[3], quoteVolume: s[4] },
      });
      if (q) changed.push(m);
    }
    this.emitChanges(changed);
  }

  private emitChanges(ticks: readonly BusTick[]) {
    if (ticks.length) this.events.emit('prices', ticks.map((t) => ({ code: t.code, price: t.price, zdf: t.zdf })));
  }
}

/** The most recently loaded market of this process (for priceOf(code) without an app at hand). */
let current: MarketService | undefined;
export function setCurrentMarket(m: MarketService | undefined) {
  current = m;
}
export function currentMarket(): MarketService {
  if (!current) throw new BizError(Err.PRICE_UNAVAILABLE);
  return current;
}
export function clearCurrentMarket(m: MarketService) {
  if (current === m) current = undefined;
}

/** 24h change in percent from the same window as the open shown beside it (one response, one window). */
function zdfFrom(price: number, open: number): number {
  return open > 0 ? Math.round(((price - open) / open) * 10_000) / 100 : 0;
}
