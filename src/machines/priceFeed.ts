import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { MarketItem } from '../contract/market.ts';
import type { WsTick } from '../contract/ws.ts';
import { SPARKLINE_POINTS } from '../contract/constants.ts';

/**
 * The live price feed (spec section 7): one websocket for the whole app, reconnecting with
 * back-off. Exposes live / reconnecting / offline and whether prices are simulated; merges pushes
 * by code and keeps the last 100 points per instrument. The socket itself is the `socket`
 * callback actor, supplied at the root (partysocket), so the chart of states stays pure.
 */
export interface Quote {
  code: string;
  price: string;
  zdf: number;
  /** oldest first, at most SPARKLINE_POINTS */
  points: number[];
}
export type Quotes = Readonly<Record<string, Quote>>;

export interface PriceFeedContext {
  quotes: Quotes;
  /** null until the service said where its prices come from */
  simulated: boolean | null;
  stale: readonly string[];
  /** codes on screen; null = everything */
  codes: readonly string[] | null;
}

export type PriceFeedEvent =
  | { type: 'feed.open' }
  | { type: 'feed.closed' }
  | { type: 'feed.prices'; items: readonly WsTick[] }
  | { type: 'feed.meta'; simulated: boolean; stale: readonly string[] }
  | { type: 'feed.snapshot'; items: readonly MarketItem[] }
  | { type: 'feed.subscribe'; codes: readonly string[] | null }
  | { type: 'feed.networkDown' }
  | { type: 'feed.retry' };

/** What the feed sends to the socket actor. */
export type SocketCommand = { type: 'socket.subscribe'; codes: readonly string[] | null } | { type: 'socket.reconnect' };

const keepLast = (points: number[], n = SPARKLINE_POINTS) => (points.length > n ? points.slice(points.length - n) : points);

/** Pushes merged by code: the price and change replace, the price is appended to the series. */
export function mergeTicks(quotes: Quotes, items: readonly WsTick[]): Quotes {
  if (items.length === 0) return quotes;
  const next: Record<string, Quote> = { ...quotes };
  for (const t of items) {
    if (!t || typeof t.code !== 'string' || typeof t.price !== 'string') continue;
    const value = Number(t.price);
    if (!Number.isFinite(value)) continue;
    const prev = next[t.code];
    const points = prev ? keepLast([...prev.points, value]) : [value];
    next[t.code] = { code: t.code, price: t.price, zdf: Number.isFinite(t.zdf) ? t.zdf : (prev?.zdf ?? 0), points };
  }
  return next;
}

/** A market list from the API seeds the series (`hundred`) of codes the feed has not seen yet. */
export function mergeSnapshot(quotes: Quotes, items: readonly MarketItem[]): Quotes {
  const next: Record<string, Quote> = { ...quotes };
  for (const m of items) {
    const prev = next[m.code];
    if (prev && prev.points.length >= m.hundred.length) continue;
    next[m.code] = { code: m.code, price: prev?.price ?? m.price, zdf: prev?.zdf ?? m.zdf, points: keepLast([...m.hundred]) };
  }
  return next;
}

/** Milliseconds of failed reconnects after which the feed reports itself offline. */
export const OFFLINE_AFTER_MS = 15_000;

export const priceFeedMachine = setup({
  types: {
    context: {} as PriceFeedContext,
    events: {} as PriceFeedEvent,
  },
  actors: {
    // replaced at the root by the partysocket actor (services/feedSocket.ts)
    socket: fromCallback<SocketCommand>(() => () => {}),
  },
  actions: {
    mergePrices: assign({ quotes: ({ context, event }) => (event.type === 'feed.prices' ? mergeTicks(context.quotes, event.items) : context.quotes) }),
    mergeSnapshot: assign({ quotes: ({ context, event }) => (event.type === 'feed.snapshot' ? mergeSnapshot(context.quotes, event.items) : context.quotes) }),
    storeMeta: assign(({ event }) => (event.type === 'feed.meta' ? { simulated: event.simulated, stale: event.stale } : {})),
    rememberCodes: assign({ codes: ({ context, event }) => (event.type === 'feed.subscribe' ? event.codes : context.codes) }),
    subscribe: sendTo('socket', ({ context }): SocketCommand => ({ type: 'socket.subscribe', codes: context.codes })),
    reconnect: sendTo('socket', { type: 'socket.reconnect' } as SocketCommand),
  },
  delays: {
    offlineAfter: OFFLINE_AFTER_MS,
  },
}).createMachine({
  id: 'priceFeed',
  context: { quotes: {}, simulated: null, stale: [], codes: null },
  invoke: { id: 'socket', src: 'socket' },
  initial: 'connecting',
  on: {
    'feed.prices': { actions: 'mergePrices' },
    'feed.snapshot': { actions: 'mergeSnapshot' },
    'feed.meta': { actions: 'storeMeta' },
    'feed.subscribe': { actions: ['rememberCodes', 'subscribe'] },
    'feed.networkDown': '.offline',
  },
  states: {
    connecting: {
      tags: ['waiting'],
      on: { 'feed.open': 'live', 'feed.closed': 'reconnecting' },
    },
    live: {
      tags: ['live'],
      entry: 'subscribe',
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
});
