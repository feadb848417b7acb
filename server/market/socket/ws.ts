import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { Err } from '../../../src/contract/errors.ts';
import {
  WS_FLUSH_PER_SECOND,
  WS_HEARTBEAT_MS,
  WS_MAX_SUBSCRIBE,
  WS_PATH,
  staleToWire,
  tickToWire,
  type PriceTick,
  type WsServerObject,
} from '../../../src/contract/ws.ts';
import { findSessionUser, hashToken, type SessionUser } from '../../auth/index.ts';
import { monotonicMs } from '../../platform/clock.ts';
import { message } from '../../platform/http/messages.ts';
import { userChannel } from '../../platform/realtime/notify.ts';
import type { UserEventMessage } from '../../../src/contract/userEvents.ts';
import type { MarketService } from '../service.ts';

/**
 * The price websocket (contract: src/contract/ws.ts). Every instance fans out to its own
 * clients whatever instance runs the feed: each feed step arrives through MarketService events
 * and goes out at once, serialised once for every "everything" client. A client that is
 * behind (bytes still queued) or was sent a batch less than 1/WS_FLUSH_PER_SECOND s ago gets
 * the step held instead, coalesced per code with any later ones, and released as one batch
 * when it has caught up. Prices are PriceTicks inside and leave through tickToWire
 * (`{code, price, zdf}`).
 */
declare module '../../platform/config.ts' {
  interface Config {
    /** Tests shorten the websocket heartbeat (default WS_HEARTBEAT_MS). */
    wsHeartbeatMs?: number;
  }
}

/** A client with this much still queued is behind: its changes are held and coalesced until it drains. */
const SLOW_BUFFERED = 128 * 1024;
/** Least time between two price batches to one client (the contract's rate). */
const MIN_BATCH_GAP_MS = Math.floor(1000 / WS_FLUSH_PER_SECOND);
/** How often held changes are checked for release. */
const RELEASE_EVERY_MS = 100;
/** Past this, the client is not reading at all (replies to its own requests pile up): close it. */
const MAX_BUFFERED_HARD = 4 << 20;
/** A client needs a handful of messages a minute (subscribe, auth, pong); a flood is dropped. */
const MAX_MESSAGES_PER_SECOND = 20;
/** One `auth` with a token (a session lookup) per socket per this long; more are refused with 10031 and ignored. */
export const AUTH_INTERVAL_MS = 3000;
/** How long a session lookup is reused for `auth` (events are checked against the database each time). */
const SESSION_CACHE_MS = 5000;
/** Entries of that cache at most: a flood of made-up tokens cannot grow it without bound. */
const SESSION_CACHE_MAX = 1000;
/** Close code and reason for a connection over the per-address cap (RFC 6455 policy violation). */
export const WS_TOO_MANY_CONNECTIONS = { code: 1008, reason: 'too many connections from this address' } as const;
/**
 * Close code and reason for a connection over the instance's total cap: RFC 6455's 1013 "try
 * again later" (the server is full, the client did nothing wrong; another instance may serve it).
 */
export const WS_SERVER_FULL = { code: 1013, reason: 'server at its connection limit, try again later' } as const;

interface Client {
  socket: WebSocket;
  codes: Set<string> | null;
  missedPongs: number;
  /** Changes held while the client is behind or was just sent a batch: the newest per code. */
  held?: Map<string, PriceTick>;
  /** When the last price batch was sent (ms). */
  lastBatchAt: number;
  unsubscribeUser?: () => void;
  authSeq: number;
  /**
   * When this socket last started a session lookup that has not (yet) proved a session. Until
   * AUTH_INTERVAL_MS after it, further lookups are refused: a burst of made-up tokens costs one
   * query, while a user who logs out and in again (the last lookup succeeded) waits for nothing.
   */
  lastUnprovenAuth: number;
  /** The client address it counts against (`req.ip`). */
  address: string;
  /** Forwarded user events, in order, each after the session was checked again. */
  userQueue?: Promise<void>;
  /** Messages received in the current one-second window (auth is a database query). */
  window: { start: number; count: number };
}

export class PriceHub {
  private readonly clients = new Set<Client>();
  /** The clients with held changes (scanned by release(), so not every client every time). */
  private readonly holding = new Set<Client>();
  private readonly timers: NodeJS.Timeout[] = [];
  private lastStale = '';
  /** Open sockets per client address. */
  private readonly perAddress = new Map<string, number>();
  /** token hash → the lookup (shared while in flight), for SESSION_CACHE_MS. */
  private readonly sessionCache = new Map<string, { at: number; user: Promise<SessionUser | undefined> }>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly market: MarketService,
    heartbeatMs: number,
  ) {
    market.events.on('prices', this.onPrices);
    this.timers.push(setInterval(() => this.release(), RELEASE_EVERY_MS));
    this.timers.push(setInterval(() => this.heartbeat(), heartbeatMs));
    this.timers.push(setInterval(() => this.checkStale(), 1000));
    for (const t of this.timers) t.unref?.();
  }

  get size() {
    return this.clients.size;
  }

  /** The full list as sent on connect, serialised once per change rather than per client. */
  private fullJson?: string;
  private metaJson?: string;

  /** A feed step: out at once to every client that keeps up (docs/performance.md). */
  private readonly onPrices = (ticks: PriceTick[]) => {
    this.fullJson = undefined;
    const now = monotonicMs();
    // the step for everyone, encoded once: a string would be measured and encoded again for each
    // client by ws and the socket (a whole-catalogue step is kilobytes, for every connection)
    let all: Buffer | undefined;
    for (const c of this.clients) {
      if (c.socket.readyState !== c.socket.OPEN) continue;
      if (c.held || c.socket.bufferedAmount > SLOW_BUFFERED || now - c.lastBatchAt < MIN_BATCH_GAP_MS) {
        this.hold(c, ticks);
      } else if (c.codes === null) {
        all ??= Buffer.from(JSON.stringify(ticks.map(tickToWire)));
        this.sendBatch(c, all, now);
      } else {
        const mine = ticks.filter((t) => c.codes!.has(t.code));
        if (mine.length) this.sendBatch(c, JSON.stringify(mine.map(tickToWire)), now);
      }
    }
  };

  private hold(c: Client, ticks: readonly PriceTick[]) {
    const held = (c.held ??= new Map());
    for (const t of ticks) if (!c.codes || c.codes.has(t.code)) held.set(t.code, t);
    if (held.size) this.holding.add(c);
    else c.held = undefined;
  }

  private sendBatch(c: Client, data: string | Buffer, now: number) {
    c.lastBatchAt = now;
    this.sendRaw(c, data);
  }

  /** Sends their held changes, as one batch, to the clients that caught up. */
  release(): void {
    const now = monotonicMs();
    for (const c of this.holding) {
      if (!this.clients.has(c) || !c.held) {
        this.holding.delete(c);
        continue;
      }
      if (c.socket.bufferedAmount > SLOW_BUFFERED || now - c.lastBatchAt < MIN_BATCH_GAP_MS) continue;
      const batch = [...c.held.values()].map(tickToWire);
      c.held = undefined;
      this.holding.delete(c);
      this.sendBatch(c, JSON.stringify(batch), now);
    }
  }

  /** A new full list supersedes whatever was held for the client. */
  private dropHeld(c: Client) {
    c.held = undefined;
    this.holding.delete(c);
  }

  private snapshotJson(codes: Set<string> | null): string {
    if (codes) return JSON.stringify(this.market.snapshot(codes).map(tickToWire));
    return (this.fullJson ??= JSON.stringify(this.market.snapshot(null).map(tickToWire)));
  }

  /** `data` a text frame's JSON (a Buffer too goes out as text, never as a binary frame). */
  private sendRaw(c: Client, data: string | Buffer): void {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED_HARD) {
      // every small request (subscribe, ping) is answered, some with the whole list: a peer that
      // sends but never reads would otherwise make us queue without bound
      c.socket.terminate();
      this.remove(c);
      return;
    }
    try {
      c.socket.send(data, { binary: false });
    } catch {
      this.remove(c); // a broken socket must not stop the fan-out to the others
    }
  }

  private sendObject(c: Client, obj: WsServerObject): void {
    this.sendRaw(c, JSON.stringify(obj));
  }

  private meta(): string {
    this.metaJson ??= JSON.stringify({
      type: 'meta',
      simulated: this.market.state.list.some((q) => q.info.source === 'simulated'),
      source: this.app.config.feed.kind,
      stale: staleToWire(this.market.staleCodes()),
      serverTime: new Date(this.market.now()).toISOString(),
    } satisfies WsServerObject);
    return this.metaJson;
  }

  /**
   * Takes a new socket from `address`, or closes it at once (before any snapshot) when the
   * instance already holds config.wsMaxTotal sockets (1013) or that address
   * config.wsMaxPerAddress (1008). Returns whether it was taken.
   */
  add(socket: WebSocket, address = ''): boolean {
    if (this.clients.size >= this.app.config.wsMaxTotal) {
      socket.close(WS_SERVER_FULL.code, WS_SERVER_FULL.reason);
      return false;
    }
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.app.config.wsMaxPerAddress) {
      socket.close(WS_TOO_MANY_CONNECTIONS.code, WS_TOO_MANY_CONNECTIONS.reason);
      return false;
    }
    this.perAddress.set(address, open + 1);
    const c: Client = {
      socket,
      codes: null,
      missedPongs: 0,
      lastBatchAt: -Infinity,
      authSeq: 0,
      lastUnprovenAuth: -Infinity,
      address,
      window: { start: -Infinity, count: 0 },
    };
    this.clients.add(c);
    socket.on('pong', () => (c.missedPongs = 0));
    socket.on('message', (raw, isBinary) => {
      c.missedPongs = 0;
      const now = monotonicMs();
      if (now - c.window.start >= 1000) c.window = { start: now, count: 0 };
      if (++c.window.count > MAX_MESSAGES_PER_SECOND) {
        if (c.window.count === MAX_MESSAGES_PER_SECOND + 1) this.refuse(c, 'too many messages');
        return;
      }
      void this.onMessage(c, isBinary ? '' : String(raw));
    });
    socket.on('close', () => this.remove(c));
    socket.on('error', () => this.remove(c));
    this.sendRaw(c, this.snapshotJson(null));
    this.sendRaw(c, this.meta());
    return true;
  }

  private remove(c: Client) {
    c.unsubscribeUser?.();
    c.unsubscribeUser = undefined;
    this.dropHeld(c);
    if (!this.clients.delete(c)) return; // close and error may both arrive
    const left = (this.perAddress.get(c.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(c.address, left);
    else this.perAddress.delete(c.address);
  }

  /**
   * The session behind a token, remembered for SESSION_CACHE_MS (ok or not) so that many sockets
   * authenticating with one token cost one query. Bounded: expired entries go first, then the oldest.
   */
  private cachedSessionUser(token: string): Promise<SessionUser | undefined> {
    const key = hashToken(token);
    const now = monotonicMs();
    const hit = this.sessionCache.get(key);
    if (hit && now - hit.at < SESSION_CACHE_MS) return hit.user;
    this.sessionCache.delete(key);
    if (this.sessionCache.size >= SESSION_CACHE_MAX) {
      for (const [k, v] of this.sessionCache) if (now - v.at >= SESSION_CACHE_MS) this.sessionCache.delete(k);
      while (this.sessionCache.size >= SESSION_CACHE_MAX) this.sessionCache.delete(this.sessionCache.keys().next().value!);
    }
    const user = findSessionUser(this.app.db, token, this.app.clock.now()).catch(() => undefined);
    this.sessionCache.set(key, { at: now, user });
    return user;
  }

  private refuse(c: Client, detail: string) {
    this.sendObject(c, { type: 'error', code: Err.MALFORMED_REQUEST, msg: message('en', Err.MALFORMED_REQUEST, { detail }) });
  }

  private async onMessage(c: Client, raw: string): Promise<void> {
    let msg: unknown;
    try {
      msg = JSON.parse(raw);
    } catch {
      return this.refuse(c, 'message is not JSON');
    }
    if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return this.refuse(c, 'message must be an object with a type');
    const m = msg as Record<string, unknown>;
    const keys = Object.keys(m);
    switch (m.type) {
      case 'subscribe': {
        if (keys.some((k) => k !== 'type' && k !== 'codes')) return this.refuse(c, 'unknown field');
        if (m.codes === null) {
          c.codes = null;
          this.dropHeld(c);
          this.sendObject(c, { type: 'subscribed', codes: null, unknown: [] });
          this.sendRaw(c, this.snapshotJson(null));
          return;
        }
        if (
          !Array.isArray(m.codes) ||
          m.codes.length > WS_MAX_SUBSCRIBE ||
          m.codes.some((x) => typeof x !== 'string' || x.length > 20)
        ) {
          return this.refuse(c, `codes must be null or an array of at most ${WS_MAX_SUBSCRIBE} codes`);
        }
        const codes = [...new Set(m.codes as string[])];
        const known = codes.filter((x) => this.market.get(x));
        const unknown = codes.filter((x) => !this.market.get(x));
        c.codes = new Set(known);
        this.dropHeld(c);
        this.sendObject(c, { type: 'subscribed', codes: known, unknown });
        this.sendRaw(c, this.snapshotJson(c.codes));
        return;
      }
      case 'auth': {
        if (keys.some((k) => k !== 'type' && k !== 'token') || typeof m.token !== 'string' || m.token.length > 200) {
          return this.refuse(c, 'auth needs a token');
        }
        if (m.token) {
          // a lookup: one per socket per AUTH_INTERVAL_MS until one proves a session (an empty
          // token only leaves, and is free); a lookup in flight counts as unproven
          const now = monotonicMs();
          if (now - c.lastUnprovenAuth < AUTH_INTERVAL_MS) {
            this.sendObject(c, { type: 'error', code: Err.TOO_MANY_REQUESTS, msg: message('en', Err.TOO_MANY_REQUESTS) });
            return;
          }
          c.lastUnprovenAuth = now;
        }
        const seq = ++c.authSeq;
        const user = m.token ? await this.cachedSessionUser(m.token) : undefined;
        if (seq !== c.authSeq || !this.clients.has(c)) return; // superseded or gone
        c.unsubscribeUser?.();
        c.unsubscribeUser = undefined;
        if (!user || user.status !== 'active') {
          this.sendObject(c, { type: 'auth', ok: false, code: Err.LOGIN_REQUIRED });
          return;
        }
        c.lastUnprovenAuth = -Infinity;
        const token = m.token;
        c.unsubscribeUser = this.app.bus.subscribe(userChannel(user.id), (message) => {
          const event = message as UserEventMessage; // the channel carries only these (publishUserEvent)
          // the session may have ended since auth (logout elsewhere, password change, expiry):
          // check it again before any of the user's data leaves, keeping the events in order
          c.userQueue = (c.userQueue ?? Promise.resolve()).then(async () => {
            const still = await findSessionUser(this.app.db, token, this.app.clock.now()).catch(() => undefined);
            if (seq !== c.authSeq || !this.clients.has(c)) return;
            if (!still || still.status !== 'active') {
              this.sessionCache.delete(hashToken(token));
              c.unsubscribeUser?.();
              c.unsubscribeUser = undefined;
              this.sendObject(c, { type: 'auth', ok: false, code: Err.LOGIN_REQUIRED });
              return;
            }
            this.sendObject(c, { type: 'user', event });
          });
        });
        this.sendObject(c, { type: 'auth', ok: true });
        return;
      }
      case 'ping':
        this.sendObject(c, { type: 'pong', t: this.app.clock.now() });
        return;
      case 'pong':
        return;
      default:
        return this.refuse(c, 'unknown message type');
    }
  }

  /** Protocol ping + a {"type":"ping"} object; two unanswered heartbeats close the socket. */
  private heartbeat(): void {
    const ping = JSON.stringify({ type: 'ping', t: this.app.clock.now() });
    for (const c of this.clients) {
      if (c.missedPongs >= 2) {
        c.socket.terminate();
        this.remove(c);
        continue;
      }
      c.missedPongs++;
      try {
        c.socket.ping();
      } catch {
        /* closing */
      }
      this.sendRaw(c, ping);
    }
  }

  /** Tells every client when the set of stale instruments changes. */
  private checkStale(): void {
    this.metaJson = undefined; // refreshed once a second (serverTime, stale list)
    const stale = this.market.staleCodes().join(',');
    if (stale === this.lastStale) return;
    this.lastStale = stale;
    const meta = this.meta();
    for (const c of this.clients) this.sendRaw(c, meta);
  }

  close(): void {
    this.market.events.off('prices', this.onPrices);
    for (const t of this.timers) clearInterval(t);
    for (const c of this.clients) {
      c.unsubscribeUser?.();
      c.socket.close(1001, 'server shutting down');
    }
    this.clients.clear();
    this.holding.clear();
    this.perAddress.clear();
    this.sessionCache.clear();
  }
}

/**
 * The client address as the HTTP side counts it (`req.ip`, which follows TRUST_PROXY). A request
 * without a socket (only `injectWS` in tests makes one) counts as address ''.
 */
function clientAddress(req: FastifyRequest): string {
  try {
    return req.ip ?? '';
  } catch {
    return '';
  }
}

export function registerPriceSocket(app: FastifyInstance, market: MarketService): PriceHub {
  const hub = new PriceHub(app, market, app.config.wsHeartbeatMs ?? WS_HEARTBEAT_MS);
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, req) => void hub.add(socket, clientAddress(req)));
  app.addHook('preClose', async () => hub.close());
  app.metrics.gauge('ws_clients', 'Price websocket clients connected to this instance', [], () => hub.size);
  return hub;
}
