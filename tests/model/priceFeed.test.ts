import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { mergeSnapshot, mergeTicks, OFFLINE_AFTER_MS } from '../../src/machines/priceFeed.ts';
import { checkModel } from './pathRunner.ts';
import { model, provide } from './priceFeed.model.ts';
import { market } from './fixtures.ts';

describe('price feed machine', () => {
  checkModel(model);

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
