import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { priceFeedMachine, type SocketCommand } from '../../src/machines/priceFeed.ts';
import { defineModel, type Assertions } from './paths.ts';
import { market } from './fixtures.ts';

/**
 * The price feed: generated paths over socket open/close, pushes, subscriptions, network loss and
 * the delayed move to offline, with a socket stub that records the commands it receives.
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

const events = [
  { type: 'feed.open' },
  { type: 'feed.closed' },
  { type: 'feed.prices', items: [{ code: 'BTCUSDT', price: '50100.50', zdf: 1.7 }] },
  { type: 'feed.meta', simulated: true, stale: [] },
  { type: 'feed.snapshot', items: [market] },
  { type: 'feed.subscribe', codes: ['BTCUSDT'] },
  { type: 'feed.networkDown' },
  { type: 'feed.retry' },
  // the delayed transition, delivered as its event instead of waiting
  { type: 'xstate.after.offlineAfter.priceFeed.reconnecting' },
] as const;

type Snap = SnapshotFrom<typeof priceFeedMachine>;
const common = (s: Snap, r: string[]) => {
  expect(r[0]).toBe('socket.start');
  // the socket is started once, for the whole life of the feed
  expect(r.filter((x) => x === 'socket.start')).toHaveLength(1);
  for (const q of Object.values(s.context.quotes)) expect(q.points.length).toBeLessThanOrEqual(100);
};
const assertions: Assertions<typeof priceFeedMachine> = {
  connecting: (s, r) => {
    common(s, r);
    expect(s.hasTag('waiting')).toBe(true);
  },
  live: (s, r) => {
    common(s, r);
    expect(s.hasTag('live')).toBe(true);
    // entering live (re)subscribes the codes on screen
    expect(r.filter((x) => x.startsWith('subscribe:')).length).toBeGreaterThan(0);
  },
  reconnecting: (s, r) => {
    common(s, r);
    expect(s.hasTag('waiting')).toBe(true);
    expect(s.hasTag('live')).toBe(false);
  },
  offline: (s, r) => {
    common(s, r);
    expect(s.hasTag('live')).toBe(false);
    expect(s.hasTag('waiting')).toBe(false);
  },
};

export const model = defineModel({ machine: priceFeedMachine, events, assertions, provide, expected: { states: 4 } });
