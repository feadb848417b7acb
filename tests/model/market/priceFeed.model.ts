import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { marketRowFromWire } from '../../../src/contract/market.ts';
import { priceFeedMachine, subscriptionOf, type SocketCommand } from '../../../src/machines/market/priceFeed.ts';
import { defineModel, type Assertions } from '../paths.ts';
import { market } from '../fixtures.ts';

/**
 * The price feed: generated paths over socket open/close, pushes, lists watching and unwatching
 * codes (with the debounce delivered as its delayed event), network loss and the delayed move to
 * offline, with a socket stub that records the commands it receives.
 */
export const provide = (record: (w: string) => void) =>
  priceFeedMachine.provide({
    actors: {
      socket: fromCallback<SocketCommand>(({ receive }) => {
        record('socket.start');
        receive((cmd) => record(cmd.type === 'socket.subscribe' ? `subscribe:${cmd.codes?.join(',') ?? 'all'}` : cmd.type));
      }),
    },
  });

export const marketRow = marketRowFromWire(market);

const events = [
  { type: 'feed.open' },
  { type: 'feed.closed' },
  { type: 'feed.prices', items: [{ code: 'BTCUSDT', price: '50100.50', change24hPct: 1.7 }] },
  { type: 'feed.meta', simulated: true, stale: [] },
  { type: 'feed.snapshot', items: [marketRow] },
  { type: 'feed.watch', codes: ['BTCUSDT'] },
  { type: 'feed.unwatch', codes: ['BTCUSDT'] },
  { type: 'feed.networkDown' },
  { type: 'feed.retry' },
  // the delayed transitions, delivered as their events instead of waiting
  { type: 'xstate.after.offlineAfter.priceFeed.link.reconnecting' },
  { type: 'xstate.after.subscribeDebounce.priceFeed.subscription.debouncing' },
] as const;

type Snap = SnapshotFrom<typeof priceFeedMachine>;
const asked = (codes: readonly string[] | null) => `subscribe:${codes?.join(',') ?? 'all'}`;
const subscribes = (r: string[]) => r.filter((x) => x.startsWith('subscribe:'));

const common = (s: Snap, r: string[]) => {
  expect(r[0]).toBe('socket.start');
  // the socket is started once, for the whole life of the feed
  expect(r.filter((x) => x === 'socket.start')).toHaveLength(1);
  for (const q of Object.values(s.context.quotes)) expect(q.points.length).toBeLessThanOrEqual(100);
  // counts never go below one (a code at zero is dropped)
  for (const n of Object.values(s.context.watched)) expect(n).toBeGreaterThan(0);
  // what the socket was asked last is what the machine remembers having asked
  if (subscribes(r).length) expect(subscribes(r).at(-1)).toBe(asked(s.context.subscribed));
};
const link: Record<string, (s: Snap, r: string[]) => void> = {
  connecting: (s) => expect(s.hasTag('waiting')).toBe(true),
  live: (s, r) => {
    expect(s.hasTag('live')).toBe(true);
    // entering live (re)subscribes the codes on screen
    expect(subscribes(r).length).toBeGreaterThan(0);
  },
  reconnecting: (s) => {
    expect(s.hasTag('waiting')).toBe(true);
    expect(s.hasTag('live')).toBe(false);
  },
  offline: (s) => {
    expect(s.hasTag('live')).toBe(false);
    expect(s.hasTag('waiting')).toBe(false);
  },
};
const subscription: Record<string, (s: Snap, r: string[]) => void> = {
  // settled: the codes asked for are the codes watched now
  settled: (s) => expect(s.context.subscribed).toEqual(subscriptionOf(s.context.watched)),
  debouncing: () => {},
};
const assertions: Assertions<typeof priceFeedMachine> = {};
for (const [l, a] of Object.entries(link)) {
  for (const [sub, b] of Object.entries(subscription)) {
    assertions[`link:${l}|subscription:${sub}`] = (s, r) => {
      common(s, r);
      a(s, r);
      b(s, r);
    };
  }
}

export const model = defineModel({
  machine: priceFeedMachine,
  events,
  assertions,
  provide,
  // the guard `codesChanged` reads which codes are watched and which were asked for
  contextKey: (s) => `${Object.keys(s.context.watched).sort().join(',')}/${s.context.subscribed?.join(',') ?? 'all'}`,
  // all simple paths of 8 states × watched sets are too many; shortest and edge paths cover every transition
  simplePaths: false,
  expected: { states: 8 },
});
