import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ticksFromWire, type WsTick } from '../../../src/contract/ws.ts';
import {
  countWatch,
  mergeSnapshot,
  mergeTicks,
  OFFLINE_AFTER_MS,
  SUBSCRIBE_DEBOUNCE_MS,
} from '../../../src/machines/market/priceFeed.ts';
import { checkModel } from '../pathRunner.ts';
import { marketRow, model, provide } from './priceFeed.model.ts';

const tick = (code: string, price: string, change24hPct: number) => ({ code, price, change24hPct });

describe('price feed machine', () => {
  checkModel(model);

  it('goes offline after reconnecting for OFFLINE_AFTER_MS and comes back on open', () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      provide(() => {}),
      { clock },
    ).start();
    actor.send({ type: 'feed.open' });
    actor.send({ type: 'feed.closed' });
    clock.increment(OFFLINE_AFTER_MS - 1);
    expect(actor.getSnapshot().value).toMatchObject({ link: 'reconnecting' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toMatchObject({ link: 'offline' });
    actor.send({ type: 'feed.open' });
    expect(actor.getSnapshot().value).toMatchObject({ link: 'live' });
  });

  it('counts lists per code and asks once for the union after the counts settle', () => {
    const clock = new SimulatedClock();
    const recorded: string[] = [];
    const actor = createActor(
      provide((w) => recorded.push(w)),
      { clock },
    ).start();
    actor.send({ type: 'feed.open' });
    expect(recorded).toEqual(['socket.start', 'subscribe:all']);
    // two lists mount in one render, one of them shows a code the other shows too
    actor.send({ type: 'feed.watch', codes: ['ETHUSDT', 'BTCUSDT'] });
    actor.send({ type: 'feed.watch', codes: ['BTCUSDT'] });
    clock.increment(SUBSCRIBE_DEBOUNCE_MS - 1);
    expect(recorded).toHaveLength(2);
    clock.increment(1);
    expect(recorded.at(-1)).toBe('subscribe:BTCUSDT,ETHUSDT');
    expect(actor.getSnapshot().context.watched).toEqual({ BTCUSDT: 2, ETHUSDT: 1 });
    // the second list goes and a third comes with the same code: same union, nothing sent
    actor.send({ type: 'feed.unwatch', codes: ['BTCUSDT'] });
    actor.send({ type: 'feed.watch', codes: ['BTCUSDT'] });
    clock.increment(SUBSCRIBE_DEBOUNCE_MS);
    expect(recorded).toHaveLength(3);
    // every list gone: back to everything
    actor.send({ type: 'feed.unwatch', codes: ['ETHUSDT', 'BTCUSDT'] });
    actor.send({ type: 'feed.unwatch', codes: ['BTCUSDT'] });
    clock.increment(SUBSCRIBE_DEBOUNCE_MS);
    expect(recorded.at(-1)).toBe('subscribe:all');
    expect(actor.getSnapshot().context.watched).toEqual({});
  });

  it('asks for the codes on screen again after a reconnect', () => {
    const clock = new SimulatedClock();
    const recorded: string[] = [];
    const actor = createActor(
      provide((w) => recorded.push(w)),
      { clock },
    ).start();
    actor.send({ type: 'feed.watch', codes: ['EURUSD'] });
    clock.increment(SUBSCRIBE_DEBOUNCE_MS);
    actor.send({ type: 'feed.open' });
    actor.send({ type: 'feed.closed' });
    actor.send({ type: 'feed.open' });
    expect(recorded.filter((x) => x.startsWith('subscribe:'))).toEqual([
      'subscribe:EURUSD',
      'subscribe:EURUSD',
      'subscribe:EURUSD',
    ]);
  });

  it('an unwatch of a code nobody watches changes nothing', () => {
    expect(countWatch({ A: 1 }, ['B'], -1)).toEqual({ A: 1 });
    expect(countWatch({ A: 1 }, ['A'], -1)).toEqual({});
  });

  it('merges pushes by code and keeps the last 100 points', () => {
    let q = mergeSnapshot({}, [marketRow]);
    expect(q.BTCUSDT.points).toHaveLength(100);
    for (let i = 0; i < 30; i++) q = mergeTicks(q, [tick('BTCUSDT', String(60000 + i), 2), tick('ETHUSDT', '3000.1', -1)]);
    expect(q.BTCUSDT.points).toHaveLength(100);
    expect(q.BTCUSDT.points.at(-1)).toBe(60029);
    expect(q.BTCUSDT.price).toBe('60029');
    expect(q.ETHUSDT.points).toHaveLength(30);
    expect(q.ETHUSDT.change24hPct).toBe(-1);
  });

  it('ignores malformed pushes (translated from the wire first, as the socket actor does)', () => {
    const wire = [
      { code: 'X', price: 'NaN', zdf: 1 },
      null,
      { code: 5, price: '1' },
      { code: 'Y', price: '2', zdf: Number.NaN },
    ] as unknown as WsTick[];
    const q = mergeTicks({}, ticksFromWire(wire));
    expect(Object.keys(q)).toEqual(['Y']);
    expect(q.Y.change24hPct).toBe(0);
  });

  it('a newer snapshot does not overwrite live prices', () => {
    let q = mergeTicks({}, [tick('BTCUSDT', '1', 0)]);
    q = mergeSnapshot(q, [marketRow]);
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
