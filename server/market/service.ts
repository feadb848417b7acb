import { EventEmitter } from 'node:events';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { Err } from '../../src/contract/errors.ts';
import {
  INSTRUMENT_TYPES,
  type InstrumentType,
  type KLineQuery,
  type ListMarketQuery,
  type MarketDetail,
  type MarketRow,
  type MarketRowPage,
  type MarketStats,
  type PriceSource,
  type Quote,
} from '../../src/contract/market.ts';
import type { PriceTick } from '../../src/contract/ws.ts';
import { ASSET_DECIMALS, type Asset } from '../../src/contract/constants.ts';
import { BizError } from '../platform/http/errors.ts';
import { JsonCache, type CachedBody } from '../platform/http/cachedBody.ts';
import { isOpenAt } from './hours/hours.ts';
import { isOpenFast, sessionStart } from './hours/tradingSessions.ts';
import { HistoryCache } from './candles/history.ts';
import { queryCandles, type CandleQuery, type CandleWriter } from './candles/candles.ts';
import { candleQueryOf } from './candles/range.ts';
import type { BusTick, FeedTick } from './feed/feed.ts';
import { MarketState, changePct, type LiveQuote, type Stats24 } from './quotes/state.ts';
import { loadMarketState } from './quotes/load.ts';
import { filterQuotes, findQuote, pageOf, type InstrumentLookup } from './quotes/list.ts';
import { logoSvg } from './quotes/logo.ts';
import { addToWatchlist, removeFromWatchlist, watchedCodes } from './quotes/watchlist.ts';

export const logoUrl = (code: string) => `/swx/customer/index/logo/${code}.svg`;

/**
 * How long a cached answer may serve without a price change: `stale` and `marketOpen` follow
 * the clock, not the feed, so without ticks (feed off, market closed) answers are still rebuilt
 * this often.
 */
export const ANSWER_MAX_AGE_MS = 1000;

/**
 * The market as one instance sees it (`app.market`, created by the 'market' plugin): the listed
 * instruments, their live quotes, candles, the watchlists, and the checks other domains use
 * before trading or valuing (priceOf, valueInUsdt, assertTradable). Every instance has one;
 * only the leader runs the feed (feed/engine.ts). Answers use the internal names of
 * src/contract/market.ts (change24hPct, sparkline); the routes translate them to the wire.
 */
export class MarketService {
  state = new MarketState([], new Map(), new Map());
  readonly history = new HistoryCache();
  /** Set by the engine while this instance is the leader (its buckets are fresher than the table). */
  writer?: CandleWriter;
  /** Stale detection runs only while the engine runs (a feed is expected); off, prices stay as loaded. */
  feedExpected = false;
  /** Listeners get the changed prices of each feed step (PriceTick[]). */
  readonly events = new EventEmitter();
  /** Bumped by every change of prices (feed step, bus message, load): what was cached before is stale. */
  private changes = 0;
  /** Serialised answers of the hot public reads (list pages, statistics, quotes) for the current prices. */
  private readonly answers = new JsonCache<string>(512);
  private answersOf = -1;
  private answersAt = 0;
  private statsMemo?: { of: number; at: number; stats: MarketStats };
  private statsQueued = false;

  constructor(private readonly app: FastifyInstance) {
    this.events.setMaxListeners(0);
  }

  get staleAfterMs() {
    return this.app.config.feed.staleAfterMs;
  }

  /** The platform clock (app.clock), which tests pin with config.clock. */
  now(): number {
    return this.app.clock.now();
  }

  /** Reads the catalogue and the last stored prices; called once the catalogue is listed (seed.ts). */
  async load(): Promise<void> {
    this.state = await loadMarketState(this.app.db, this.now(), this.state);
    this.changes++;
  }

  /** Whether something cached at `at` for change `of` may still be served at `now`. */
  private current(of: number, at: number, now: number): boolean {
    return of === this.changes && now >= at && now - at < ANSWER_MAX_AGE_MS;
  }

  /**
   * The serialised answer under `key` for the current prices, built (once) by `build` when the
   * prices changed since, or ANSWER_MAX_AGE_MS passed. The key names everything the answer
   * depends on besides the prices (query, language).
   */
  cachedAnswer(key: string, build: () => unknown): CachedBody {
    const now = this.now();
    if (!this.current(this.answersOf, this.answersAt, now)) {
      this.answers.clear();
      this.answersOf = this.changes;
      this.answersAt = now;
    }
    return this.answers.getOr(key, build);
  }

  /** Stops telling anyone about prices (the app is closing). */
  close(): void {
    this.events.removeAllListeners();
    this.feedExpected = false;
  }

  get(code: string): LiveQuote | undefined {
    return this.state.get(code);
  }

  /** The instrument or refusal 10052. */
  require(code: string): LiveQuote {
    const q = this.state.get(code);
    if (!q) throw new BizError(Err.INSTRUMENT_NOT_FOUND, { code });
    return q;
  }

  /**
   * No tick for staleAfterMs while a feed is expected. A closed market is never stale (it is not
   * supposed to tick), and one that just reopened gets staleAfterMs from the open to tick.
   */
  isStale(q: LiveQuote, now = this.now()): boolean {
    if (!this.feedExpected) return false;
    const opened = sessionStart(q.info.hours, now);
    return opened !== undefined && now - Math.max(q.seenAt, opened) > this.staleAfterMs;
  }

  staleCodes(now = this.now()): string[] {
    return this.feedExpected ? this.state.list.filter((q) => this.isStale(q, now)).map((q) => q.info.code) : [];
  }

  formatPrice(q: LiveQuote): string {
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

  /** Whether the instrument's market is in session at `date` (market clock by default); 10052 unknown. */
  isMarketOpen(code: string, date: Date = new Date(this.now())): boolean {
    return isOpenAt(this.require(code).info.hours, date);
  }

  /** USD value of one unit of a currency (for volume totals); undefined when unknown. */
  private usdPerUnit(ccy: string): number | undefined {
    if (ccy === 'USD' || ccy === 'USDT') return 1;
    const direct = this.state.get(`${ccy}USD`) ?? this.state.get(`${ccy}USDT`);
    if (direct) return direct.price;
    const inverse = this.state.get(`USD${ccy}`);
    return inverse ? 1 / inverse.price : undefined;
  }

  /** One row of the market list. */
  row(q: LiveQuote, now = this.now()): MarketRow {
    const price = this.formatPrice(q);
    const sparkline = this.state.sparkline(q, now); // builds the 24h ring (and change) if no tick has yet
    return {
      code: q.info.code,
      type: q.info.type,
      id: String(q.info.id),
      logo: logoUrl(q.info.code),
      appName: q.info.name,
      price,
      change24hPct: q.change24hPct,
      sparkline,
      nowPrice: price,
      source: q.info.source,
      stale: this.isStale(q, now),
      marketOpen: isOpenFast(q.info.hours, now),
      pricePrecision: q.info.pricePrecision,
      quantityStep: q.info.quantityStep,
    };
  }

  /** The market list: instruments of a type and/or matching a search, one page of them. */
  list(query: ListMarketQuery): MarketRowPage {
    const matches = filterQuotes(this.state.list, query);
    const now = this.now();
    return { rows: pageOf(matches, query.pageNum, query.pageSize).map((q) => this.row(q, now)), total: matches.length };
  }

  /** One instrument with its 24h figures; 10052 unknown. */
  detail(code: string, now = this.now()): MarketDetail {
    const q = this.require(code);
    const s: Stats24 = this.state.stats24(q, now);
    const p = q.info.pricePrecision;
    const stale = this.isStale(q, now);
    const marketOpen = isOpenFast(q.info.hours, now);
    return {
      code: q.info.code,
      type: q.info.type,
      id: String(q.info.id),
      appName: q.info.name,
      logo: logoUrl(q.info.code),
      // the change in percent from the same window as the open shown beside it (one response, one window)
      price: q.price.toFixed(p),
      change: (q.price - s.open).toFixed(p),
      change24hPct: changePct(q.price, s.open),
      open: s.open.toFixed(p),
      high: s.high.toFixed(p),
      low: s.low.toFixed(p),
      volume: s.volume.toFixed(4),
      quoteVolume: s.quoteVolume.toFixed(2),
      source: q.info.source,
      stale,
      marketOpen,
      tradable: marketOpen && !stale,
      pricePrecision: p,
      quantityStep: q.info.quantityStep,
      time: new Date(q.time || q.priceAt).toISOString(),
    };
  }

  /** The instrument an instrument page's address names (exact code, id, or base code within a type); 10052 when none. */
  find(lookup: InstrumentLookup, now = this.now()): MarketDetail {
    const hit = findQuote(this.state.list, lookup);
    if (!hit) throw new BizError(Err.INSTRUMENT_NOT_FOUND, { code: lookup.code ?? lookup.id ?? '' });
    return this.detail(hit.info.code, now);
  }

  quote(code: string): Quote {
    const q = this.require(code);
    const now = this.now();
    return {
      code,
      price: this.formatPrice(q),
      change24hPct: this.state.change24hPctNow(q, now),
      source: q.info.source,
      stale: this.isStale(q, now),
      time: new Date(q.time || q.priceAt).toISOString(),
    };
  }

  /**
   * Home-page figures from the catalogue and the live 24h volumes: computed once per change of
   * prices (right after each feed step, off the request path; see emitChanges), served from
   * there until the next one.
   */
  stats(now = this.now()): MarketStats {
    const memo = this.statsMemo;
    if (memo && this.current(memo.of, memo.at, now)) return memo.stats;
    const stats = this.computeStats(now);
    this.statsMemo = { of: this.changes, at: now, stats };
    return stats;
  }

  private computeStats(now: number): MarketStats {
    const counts = Object.fromEntries(INSTRUMENT_TYPES.map((t) => [t, 0])) as Record<InstrumentType, number>;
    let volume = new Decimal(0);
    let simulated = false;
    for (const q of this.state.list) {
      counts[q.info.type]++;
      if (q.info.source === 'simulated') simulated = true;
      const usd = this.usdPerUnit(q.info.quote);
      if (usd !== undefined) volume = volume.add(new Decimal(this.state.stats24(q, now).quoteVolume).mul(usd));
    }
    return {
      counts,
      total: this.state.list.length,
      volume24hUsdt: volume.toFixed(0, Decimal.ROUND_DOWN),
      source: simulated ? 'simulated' : 'exchange',
    };
  }

  /** The logo of a listed instrument (404 for anything else). */
  logo(code: string): CachedBody {
    const q = this.get(code);
    if (!q) throw new BizError(Err.NOT_FOUND);
    return logoSvg(q.info).entry;
  }

  /** The websocket's view of every instrument (or a subset). */
  snapshot(codes?: ReadonlySet<string> | null): PriceTick[] {
    const out: PriceTick[] = [];
    const now = this.now();
    for (const q of this.state.list) {
      if (!codes || codes.has(q.info.code))
        out.push({ code: q.info.code, price: this.formatPrice(q), change24hPct: this.state.change24hPctNow(q, now) });
    }
    return out;
  }

  /** Whether the instrument's market is in session at `now` (market clock). */
  isOpen(q: LiveQuote, now = this.now()): boolean {
    return isOpenFast(q.info.hours, now);
  }

  candles(code: string, query: CandleQuery) {
    const q = this.require(code);
    return queryCandles(this.app.db, this.history, q.info, query, this.now(), this.writer);
  }

  /** Candles for a kline request (window rules: candles/range.ts); 10030 from after to, 10052 unknown. */
  kline({ code, ...range }: KLineQuery) {
    return this.candles(code, candleQueryOf(range, this.now()));
  }

  /** Stars a listed instrument for the user (10052 unknown); starring twice is one star. */
  async watch(userId: bigint, code: string): Promise<void> {
    this.require(code);
    await addToWatchlist(this.app.db, userId, code);
  }

  async unwatch(userId: bigint, code: string): Promise<void> {
    this.require(code);
    await removeFromWatchlist(this.app.db, userId, code);
  }

  /** The user's starred instruments still listed, oldest star first. */
  async watchlist(userId: bigint): Promise<MarketRowPage> {
    const now = this.now();
    const rows = (await watchedCodes(this.app.db, userId)).flatMap((c) => {
      const q = this.get(c);
      return q ? [this.row(q, now)] : [];
    });
    return { rows, total: rows.length };
  }

  /** Applies the leader's own feed step; returns what to broadcast. */
  applyFeed(ticks: readonly FeedTick[], now = this.now()): BusTick[] {
    const out: BusTick[] = [];
    for (const t of ticks) {
      const ext24 = t.stats24h;
      const q = this.state.apply(t.code, t.price, t.time, t.volume, now, { ext24 });
      if (!q) continue;
      const msg: BusTick = { code: t.code, price: this.formatPrice(q), change24hPct: q.change24hPct, t: t.time, v: t.volume };
      if (ext24) msg.s24 = [ext24.open, ext24.high, ext24.low, ext24.volume, ext24.quoteVolume];
      out.push(msg);
    }
    this.emitChanges(out);
    return out;
  }

  /** Applies ticks another instance (or this one) published on the bus. */
  applyBus(message: unknown, now = this.now()): void {
    if (!Array.isArray(message)) return;
    const changed: PriceTick[] = [];
    for (const m of message as BusTick[]) {
      if (!m || typeof m.code !== 'string' || typeof m.price !== 'string' || typeof m.t !== 'number') continue;
      const s = Array.isArray(m.s24) && m.s24.length === 5 ? m.s24 : undefined;
      const q = this.state.apply(m.code, Number(m.price), m.t, Number(m.v) || 0, now, {
        change24hPct: typeof m.change24hPct === 'number' ? m.change24hPct : undefined,
        ext24: s && { open: s[0], high: s[1], low: s[2], volume: s[3], quoteVolume: s[4] },
      });
      if (q) changed.push({ code: m.code, price: m.price, change24hPct: q.change24hPct });
    }
    this.emitChanges(changed);
  }

  private emitChanges(ticks: readonly PriceTick[]) {
    if (!ticks.length) return;
    this.changes++;
    this.events.emit(
      'prices',
      ticks.map((t): PriceTick => ({ code: t.code, price: t.price, change24hPct: t.change24hPct })),
    );
    if (!this.statsQueued) {
      // the figures over the whole catalogue, once per step, before the next request needs them
      this.statsQueued = true;
      setImmediate(() => {
        this.statsQueued = false;
        this.stats();
      });
    }
  }
}
