import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Fan-out of price ticks and user events. In one process an EventEmitter; with REDIS_URL,
 * Redis pub/sub so every instance hears what any instance publishes.
 * Channels: 'prices' (array of BusTick, server/market/feed/feed.ts), 'content' (content changed),
 * 'user:<id>' (a user's record events). On Redis every channel carries the deployment's namespace
 * (BUS_NAMESPACE), so deployments or test runs sharing one Redis never hear each other: user ids
 * of two databases overlap, and a foreign price would be applied as this market's.
 */
export interface Bus {
  /**
   * Resolves when the message is handed to every subscriber of `channel`, with how many
   * subscriptions it was handed to (Redis: one per process listening on the channel; in one
   * process the handlers have run already). A sender that must know every instance acted on a
   * message waits for as many answers (server/auth/sessionCache.ts).
   */
  publish(channel: string, message: unknown): Promise<number>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  close(): Promise<void>;
  /** Resolves when the bus answers (Redis: PING); /readyz asks. */
  ping(): Promise<void>;
  /**
   * Whether every message published on `channel` from now on reaches this process's handlers:
   * in one process always; on Redis only while the subscriber is connected and the channel's
   * subscription confirmed. A cache that relies on the bus for invalidation serves from memory
   * only while this holds (server/auth/sessionCache.ts).
   */
  hearing(channel: string): boolean;
  /**
   * Called whenever messages may have been missed (the subscriber's connection went down): a
   * cache kept fresh by the bus forgets what it holds. Returns an unsubscribe function.
   */
  onGap(handler: () => void): () => void;
}

export function memoryBus(): Bus {
  const ee = new EventEmitter();
  ee.setMaxListeners(0);
  return {
    async publish(channel, message) {
      return ee.emit(channel, message) ? 1 : 0;
    },
    subscribe(channel, handler) {
      ee.on(channel, handler);
      return () => ee.off(channel, handler);
    },
    async close() {
      ee.removeAllListeners();
    },
    async ping() {},
    hearing: () => true,
    onGap: () => () => {},
  };
}

export function redisBus(url: string, namespace = ''): Bus {
  const wire = (channel: string) => `${namespace}${channel}`;
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  // channels whose subscription Redis confirmed on the current connection
  const confirmed = new Set<string>();
  const gaps = new EventEmitter();
  gaps.setMaxListeners(0);
  sub.on('message', (wireChannel: string, raw: string) => {
    if (!wireChannel.startsWith(namespace)) return;
    const channel = wireChannel.slice(namespace.length);
    let msg: unknown;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    local.emit(channel, msg);
  });
  // Subscribing happens in the background: a refusal must not become an unhandled rejection
  // (that ends the process). A channel Redis refused is asked for again once the connection is
  // ready, so the fan-out does not stop silently (SUBSCRIBE twice is harmless).
  const listen = (channel: string) =>
    void sub.subscribe(wire(channel)).then(
      () => {
        if (counts.has(channel) && sub.status === 'ready') confirmed.add(channel);
      },
      () => {},
    );
  sub.on('ready', () => {
    for (const channel of counts.keys()) listen(channel);
  });
  // whatever was published while the connection was down is lost: nothing is heard until the
  // channels are confirmed again, and the caches that rely on them forget what they hold
  const lost = () => {
    confirmed.clear();
    gaps.emit('gap');
  };
  sub.on('close', lost);
  sub.on('reconnecting', lost);
  return {
    async publish(channel, message) {
      return await pub.publish(wire(channel), JSON.stringify(message));
    },
    subscribe(channel, handler) {
      local.on(channel, handler);
      const n = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, n);
      if (n === 1) listen(channel);
      return () => {
        local.off(channel, handler);
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) {
          counts.delete(channel);
          confirmed.delete(channel);
          void sub.unsubscribe(wire(channel)).catch(() => {});
        }
      };
    },
    async ping() {
      await pub.ping();
    },
    hearing: (channel) => confirmed.has(channel) && sub.status === 'ready',
    onGap(handler) {
      gaps.on('gap', handler);
      return () => gaps.off('gap', handler);
    },
    async close() {
      local.removeAllListeners();
      confirmed.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
