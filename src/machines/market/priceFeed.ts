import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { MarketRow } from '../../contract/market.ts';
import type { PriceTick } from '../../contract/ws.ts';
import { SPARKLINE_POINTS } from '../../contract/constants.ts';

/**
 * The live price feed (docs/frontend.md, "Actors"): one websocket for the whole app,
 * reconnecting with back-off. Two regions:
 * - `link`: connecting / live / reconnecting / offline, and whether prices are simulated;
 * - `subscription`: which codes are on screen. Every mounted list sends `feed.watch` with its
 *   codes and `feed.unwatch` when it goes; the machine counts them per code and, once the counts
 *   have been still for SUBSCRIBE_DEBOUNCE_MS, asks the socket for the union (all codes when
 *   nothing is watched), only if the union changed. Entering `live` re-sends it after a reconnect.
 * Pushes are merged by code, keeping the last SPARKLINE_POINTS prices per instrument. The socket
 * is the `socket` callback actor supplied at the root; it hands over ticks already translated
 * from the wire (`change24hPct`).
 */
export interface Quote {
  code: string;
  price: string;
  /** 24h change, percent */
  change24hPct: number;
  /** oldest first, at most SPARKLINE_POINTS */
  points: number[];
}
export type Quotes = Readonly<Record<string, Quote>>;
/** How many mounted lists show each code. */
export type WatchCounts = Readonly<Record<string, number>>;

export interface PriceFeedContext {
  quotes: Quotes;
  /** null until the service said where its prices come from */
  simulated: boolean | null;
  stale: readonly string[];
  watched: WatchCounts;
  /** the codes last asked of the socket (null = everything), to skip asking the same again */
  subscribed: readonly string[] | null;
}

export type PriceFeedEvent =
  | { type: 'feed.open' }
  | { type: 'feed.closed' }
  | { type: 'feed.prices'; items: readonly PriceTick[] }
  | { type: 'feed.meta'; simulated: boolean; stale: readonly string[] }
  | { type: 'feed.snapshot'; items: readonly MarketRow[] }
  | { type: 'feed.watch'; codes: readonly string[] }
  | { type: 'feed.unwatch'; codes: readonly string[] }
  | { type: 'feed.networkDown' }
  | { type: 'feed.retry' };

/** What the feed sends to the socket actor. */
export type SocketCommand = { type: 'socket.subscribe'; codes: readonly string[] | null } | { type: 'socket.reconnect' };
/** The link region's states, as views name the feed's condition. */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

const keepLast = (points: number[], n = SPARKLINE_POINTS) => (points.length > n ? points.slice(points.length - n) : points);

/** Pushes merged by code: the price and change replace, the price is appended to the series. */
export function mergeTicks(quotes: Quotes, items: readonly PriceTick[]): Quotes {
  if (items.length === 0) return quotes;
  const next: Record<string, Quote> = { ...quotes };
  for (const t of items) {
    if (!t || typeof t.code !== 'string' || typeof t.price !== 'string') continue;
    const value = Number(t.price);
    if (!Number.isFinite(value)) continue;
    const prev = next[t.code];
    const points = prev ? keepLast([...prev.points, value]) : [value];
    const change24hPct = Number.isFinite(t.change24hPct) ? t.change24hPct : (prev?.change24hPct ?? 0);
    next[t.code] = { code: t.code, price: t.price, change24hPct, points };
  }
  return next;
}

/** A market list from the API seeds the series (`sparkline`) of codes the feed has not seen yet. */
export function mergeSnapshot(quotes: Quotes, items: readonly MarketRow[]): Quotes {
  const next: Record<string, Quote> = { ...quotes };
  for (const m of items) {
    const prev = next[m.code];
    if (prev && prev.points.length >= m.sparkline.length) continue;
    next[m.code] = {
      code: m.code,
      price: prev?.price ?? m.price,
      change24hPct: prev?.change24hPct ?? m.change24hPct,
      points: keepLast([...m.sparkline]),
    };
  }
  return next;
}

/** Counts after a list showing `codes` mounted (+1) or went away (-1); a code at zero is dropped. */
export function countWatch(watched: WatchCounts, codes: readonly string[], delta: 1 | -1): WatchCounts {
  const next: Record<string, number> = { ...watched };
  for (const c of codes) {
    const n = (next[c] ?? 0) + delta;
    if (n > 0) next[c] = n;
    else delete next[c];
  }
  return next;
}

/** The codes to ask for: every watched code, sorted; null (everything) when none is watched. */
export function subscriptionOf(watched: WatchCounts): readonly string[] | null {
  const codes = Object.keys(watched).sort();
  return codes.length ? codes : null;
}
const sameCodes = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((c, i) => c === b[i]));

/** Milliseconds of failed reconnects after which the feed reports itself offline. */
export const OFFLINE_AFTER_MS = 15_000;
/** Lists mounting and unmounting in one render settle into one subscribe message. */
export const SUBSCRIBE_DEBOUNCE_MS = 50;

export const priceFeedMachine = setup({
  types: {
    context: {} as PriceFeedContext,
    events: {} as PriceFeedEvent,
  },
  actors: {
    // replaced at the root by the shared websocket (services/feedSocket.ts)
    socket: fromCallback<SocketCommand>(() => () => {}),
  },
  actions: {
    mergePrices: assign({
      quotes: ({ context, event }) => (event.type === 'feed.prices' ? mergeTicks(context.quotes, event.items) : context.quotes),
    }),
    mergeSnapshot: assign({
      quotes: ({ context, event }) =>
        event.type === 'feed.snapshot' ? mergeSnapshot(context.quotes, event.items) : context.quotes,
    }),
    storeMeta: assign(({ event }) => (event.type === 'feed.meta' ? { simulated: event.simulated, stale: event.stale } : {})),
    countWatch: assign({
      watched: ({ context, event }) =>
        event.type === 'feed.watch'
          ? countWatch(context.watched, event.codes, 1)
          : event.type === 'feed.unwatch'
            ? countWatch(context.watched, event.codes, -1)
            : context.watched,
    }),
    subscribe: sendTo('socket', ({ context }): SocketCommand => ({
      type: 'socket.subscribe',
      codes: subscriptionOf(context.watched),
    })),
    rememberSubscribed: assign({ subscribed: ({ context }) => subscriptionOf(context.watched) }),
    reconnect: sendTo('socket', { type: 'socket.reconnect' } as SocketCommand),
  },
  guards: {
    codesChanged: ({ context }) => !sameCodes(subscriptionOf(context.watched), context.subscribed),
  },
  delays: {
    offlineAfter: OFFLINE_AFTER_MS,
    subscribeDebounce: SUBSCRIBE_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'priceFeed',
  context: { quotes: {}, simulated: null, stale: [], watched: {}, subscribed: null },
  invoke: { id: 'socket', src: 'socket' },
  type: 'parallel',
  on: {
    'feed.prices': { actions: 'mergePrices' },
    'feed.snapshot': { actions: 'mergeSnapshot' },
    'feed.meta': { actions: 'storeMeta' },
  },
  states: {
    link: {
      initial: 'connecting',
      // on the region, not the root: a root transition would also restart the subscription region
      on: { 'feed.networkDown': '.offline' },
      states: {
        connecting: {
          tags: ['waiting'],
          on: { 'feed.open': 'live', 'feed.closed': 'reconnecting' },
        },
        live: {
          tags: ['live'],
          // a (re)opened socket starts with everything: ask for the codes on screen again
          entry: ['subscribe', 'rememberSubscribed'],
          on: { 'feed.closed': 'reconnecting' },
        },
        reconnecting: {
          tags: ['waiting'],
          on: { 'feed.open': 'live' },
          after: { offlineAfter: 'offline' },
        },
        offline: {
          // the socket keeps retrying with back-off; a success brings the feed back
          on: { 'feed.open': 'live', 'feed.retry': { target: 'connecting', actions: 'reconnect' } },
        },
      },
    },
    subscription: {
      initial: 'settled',
      states: {
        settled: {
          on: {
            'feed.watch': { target: 'debouncing', actions: 'countWatch' },
            'feed.unwatch': { target: 'debouncing', actions: 'countWatch' },
          },
        },
        debouncing: {
          on: {
            // every change restarts the wait
            'feed.watch': { target: 'debouncing', reenter: true, actions: 'countWatch' },
            'feed.unwatch': { target: 'debouncing', reenter: true, actions: 'countWatch' },
          },
          after: {
            subscribeDebounce: [
              { guard: 'codesChanged', target: 'settled', actions: ['subscribe', 'rememberSubscribed'] },
              { target: 'settled' },
            ],
          },
        },
      },
    },
  },
});
