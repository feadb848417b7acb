import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { mergeSnapshot, mergeTicks, OFFLINE_AFTER_MS, priceFeedMachine, type SocketCommand } from '../../src/machines/priceFeed.ts';
import { checkModel, type Assertions } from './pathRunner.ts';
import { market } from './fixtures.ts';

const provide = (record: (w: string) => void) =>
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

type Snap = ReturnType<ReturnType<typeof createActor<typeof priceFeedMachine>>['getSnapshot']>;
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

describe('price feed machine', () => {
  it('generated paths cover every transition', () => {
    const r = checkModel({ machine: provide(() => {}), events, assertions, provide });
    expect(r.states).toBe(4);
  });

  it('goes offline after reconnecting for OFFLINE_AFTER_MS and comes back on open', () => {
    const clock = new SimulatedClock();
    const actor = createActor(provide(() => {}), { clock }).start();
    actor.send({ type: 'feed.open' });
    actor.send({ type: 'feed.closed' });
    clock.increment(OFFLINE_AFTER_MS - 1);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'feed.open' });
    expect(actor.getSnapshot().value).toBe('live');
  });

  it('merges pushes by code and keeps the last 100 points', () => {
    let q = mergeSnapshot({}, [market]);
    expect(q.BTCUSDT.points).toHaveLength(100);
    for (let i = 0; i < 30; i++) q = mergeTicks(q, [{ code: 'BTCUSDT', price: String(60000 + i), zdf: 2 }, { code: 'ETHUSDT', price: '3000.1', zdf: -1 }]);
    expect(q.BTCUSDT.points).toHaveLength(100);
    expect(q.BTCUSDT.points.at(-1)).toBe(60029);
    expect(q.BTCUSDT.price).toBe('60029');
    expect(q.ETHUSDT.points).toHaveLength(30);
    expect(q.ETHUSDT.zdf).toBe(-1);
  });

  it('ignores malformed pushes', () => {
    const q = mergeTicks({}, [{ code: 'X', price: 'NaN', zdf: 1 }, null as never, { code: 5, price: '1' } as never, { code: 'Y', price: '2', zdf: Number.NaN }]);
    expect(Object.keys(q)).toEqual(['Y']);
    expect(q.Y.zdf).toBe(0);
  });

  it('a newer snapshot does not overwrite live prices', () => {
    let q = mergeTicks({}, [{ code: 'BTCUSDT', price: '1', zdf: 0 }]);
    q = mergeSnapshot(q, [market]);
    expect(q.BTCUSDT.price).toBe('1');
    expect(q.BTCUSDT.points).toHaveLength(100);
  });

  it('stores whether prices are simulated', () => {
    const actor = createActor(provide(() => {})).start();
    expect(actor.getSnapshot().context.simulated).toBeNull();
    actor.send({ type: 'feed.meta', simulated: true, stale: ['EURUSD'] });
    expect(actor.getSnapshot().context.simulated).toBe(true);
    expect(actor.getSnapshot().context.stale).toEqual(['EURUSD']);
  });
});
