import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedTick } from './feed.ts';

/**
 * Real crypto prices from a Binance-style combined mini-ticker stream:
 *   <url>/stream?streams=btcusdt@miniTicker/ethusdt@miniTicker/...
 * frames {stream, data: {e: '24hrMiniTicker', E, s, c, o, h, l, v, q}} (numbers as strings).
 * Reconnects with exponential back-off (reset after a frame arrives). It never falls back to
 * the simulator: while it is down its instruments go stale (no tick for feed.staleAfterMs),
 * are refused for trading (10047) and flagged in the API, and every failure is logged.
 */
export interface MiniTicker {
  e: string;
  E: number;
  s: string;
  c: string;
  o: string;
  h: string;
  l: string;
  v: string;
  q: string;
}

export interface ExchangeFeedOptions {
  url: string;
  codes: readonly string[];
  onTicks: (ticks: FeedTick[]) => void;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** No frame for this long (default 60 s; the stream sends every second) = a dead connection. */
  idleTimeoutMs?: number;
  /** The platform clock (app.clock.now): frames dated too far ahead of it are dropped. */
  now: () => number;
}

export function streamUrl(base: string, codes: readonly string[]): string {
  const streams = codes.map((c) => `${c.toLowerCase()}@miniTicker`).join('/');
  return `${base.replace(/\/+$/, '')}/stream?streams=${streams}`;
}

/** How far an exchange's event time may be ahead of our clock (clock skew), beyond it the tick is dropped. */
const MAX_CLOCK_AHEAD_MS = 60_000;

/** Turns one frame into ticks (unknown codes and malformed numbers are dropped); `now` is the platform clock's time. */
export function parseFrame(raw: string, known: ReadonlySet<string>, lastVolume: Map<string, number>, now: number): FeedTick[] {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return [];
  }
  const data = (frame as { data?: unknown })?.data ?? frame;
  const items = Array.isArray(data) ? data : [data];
  const out: FeedTick[] = [];
  for (const d of items as MiniTicker[]) {
    if (!d || d.e !== '24hrMiniTicker' || typeof d.s !== 'string' || !known.has(d.s)) continue;
    const [price, open, high, low, volume, quoteVolume] = [d.c, d.o, d.h, d.l, d.v, d.q].map(Number);
    if (![price, open, high, low, volume, quoteVolume].every(Number.isFinite) || !(price > 0) || !(open > 0)) continue;
    // a frame dated far ahead would freeze the price (later ticks look older) and stall the 24h ring
    if (Number(d.E) > now + MAX_CLOCK_AHEAD_MS) continue;
    const prev = lastVolume.get(d.s);
    lastVolume.set(d.s, volume);
    out.push({
      code: d.s,
      price,
      time: Number.isFinite(Number(d.E)) ? Number(d.E) : now,
      volume: prev === undefined ? 0 : Math.max(0, volume - prev),
      stats24h: { open, high, low, volume, quoteVolume },
    });
  }
  return out;
}

export class ExchangeFeed {
  private ws?: WebSocket;
  private timer?: NodeJS.Timeout;
  private idle?: NodeJS.Timeout;
  private stopped = false;
  private failures = 0;
  private readonly known: Set<string>;
  private readonly lastVolume = new Map<string, number>();
  connected = false;
  reconnects = 0;
  lastFrameAt = 0;

  constructor(private readonly opts: ExchangeFeedOptions) {
    this.known = new Set(opts.codes);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(streamUrl(this.opts.url, this.opts.codes), { handshakeTimeout: 10_000 });
    this.ws = ws;
    // a half-open connection never emits 'close': silence ends it, and 'close' reconnects
    const watch = () => {
      clearTimeout(this.idle);
      this.idle = setTimeout(() => {
        if (this.ws !== ws || this.stopped) return;
        this.opts.log.error({ url: this.opts.url }, 'exchange feed silent: dropping the connection');
        ws.terminate();
      }, this.opts.idleTimeoutMs ?? 60_000);
      this.idle.unref?.();
    };
    ws.on('open', () => {
      watch();
      this.connected = true;
      this.opts.log.info({ url: this.opts.url, streams: this.opts.codes.length }, 'exchange feed connected');
    });
    ws.on('message', (raw) => {
      this.failures = 0;
      this.lastFrameAt = this.opts.now();
      watch();
      const ticks = parseFrame(String(raw), this.known, this.lastVolume, this.lastFrameAt);
      if (ticks.length) this.opts.onTicks(ticks);
    });
    ws.on('error', (err) => this.opts.log.error({ err: err.message, url: this.opts.url }, 'exchange feed error'));
    ws.on('close', (code) => {
      this.connected = false;
      if (this.ws !== ws || this.stopped) return;
      clearTimeout(this.idle);
      const delay = Math.min(this.opts.maxBackoffMs ?? 30_000, (this.opts.initialBackoffMs ?? 500) * 2 ** this.failures);
      this.failures++;
      this.reconnects++;
      this.opts.log.error(
        { code, retryInMs: delay, attempt: this.failures },
        'EXCHANGE FEED DOWN: crypto prices will go stale and untradable; reconnecting (no fallback to the simulator)',
      );
      this.timer = setTimeout(() => this.connect(), delay);
      this.timer.unref?.();
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    clearTimeout(this.idle);
    const ws = this.ws;
    this.ws = undefined;
    ws?.removeAllListeners('close');
    ws?.on('error', () => {});
    if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) ws.terminate();
  }
}
