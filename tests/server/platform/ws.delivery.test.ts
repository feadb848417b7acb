import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { PriceHub } from '../../../server/market/socket/ws.ts';
import { WS_FLUSH_PER_SECOND, type WsTick } from '../../../src/contract/ws.ts';

/**
 * Each feed step reaches a client that keeps up as soon as it is made (no fixed flush timer);
 * only a client that is behind, or was sent a batch moments ago, gets the steps held and then
 * coalesced into one batch with the newest price per code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());
// The hub paces each client on the monotonic clock (monotonicMs, performance.now) and releases
// held changes on its own interval: both are faked here, so the contract's interval passes by
// advancing them (vi.advanceTimersByTime) instead of by waiting. The database keeps real timers.
beforeEach(() => void vi.useFakeTimers({ toFake: ['performance', 'setInterval', 'clearInterval'] }));
afterEach(() => void vi.useRealTimers());

class Socket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly batches: WsTick[][] = [];
  send(data: string) {
    const m = JSON.parse(data) as unknown;
    if (Array.isArray(m)) this.batches.push(m as WsTick[]);
  }
  ping() {}
  terminate() {
    this.readyState = 3;
    this.emit('close');
  }
  close() {
    this.terminate();
  }
}

let clock = Date.now();
const step = (prices: Record<string, number>) => {
  clock += 1000;
  t.app.market.applyFeed(Object.entries(prices).map(([code, price]) => ({ code, price, time: clock, volume: 1 })));
};
/** Lets `ms` of monotonic time pass, running the hub's release timer on the way. */
const elapse = (ms: number) => vi.advanceTimersByTime(ms);
const GAP = 1000 / WS_FLUSH_PER_SECOND;

it('sends a feed step at once to a client that keeps up', async () => {
  const hub = new PriceHub(t.app, t.app.market, 60_000);
  try {
    const s = new Socket();
    hub.add(s as unknown as WebSocket);
    s.batches.length = 0; // the full list on connect
    elapse(GAP + 10);
    step({ BTCUSDT: 50_000, ETHUSDT: 3000 });
    // synchronously: no timer between the step and the send
    expect(s.batches).toHaveLength(1);
    expect(s.batches[0].map((x) => x.code).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(s.batches[0].find((x) => x.code === 'BTCUSDT')!.price).toBe(t.app.market.priceOf('BTCUSDT'));
    elapse(GAP + 10);
    step({ BTCUSDT: 50_100 });
    expect(s.batches).toHaveLength(2);
  } finally {
    hub.close();
  }
});

it("holds steps that come within the contract's interval and sends them as one batch", async () => {
  const hub = new PriceHub(t.app, t.app.market, 60_000);
  try {
    const s = new Socket();
    hub.add(s as unknown as WebSocket);
    s.batches.length = 0;
    elapse(GAP + 10);
    step({ BTCUSDT: 51_000 });
    step({ BTCUSDT: 51_500, ETHUSDT: 3100 });
    step({ BTCUSDT: 52_000 });
    expect(s.batches).toHaveLength(1);
    elapse(GAP + 150);
    expect(s.batches).toHaveLength(2);
    const held = Object.fromEntries(s.batches[1].map((x) => [x.code, x.price]));
    expect(held).toEqual({ BTCUSDT: t.app.market.priceOf('BTCUSDT'), ETHUSDT: t.app.market.priceOf('ETHUSDT') });
  } finally {
    hub.close();
  }
});

it('coalesces for a client that is behind and sends it the newest prices once it drains', async () => {
  const hub = new PriceHub(t.app, t.app.market, 60_000);
  try {
    const fast = new Socket();
    const slow = new Socket();
    hub.add(fast as unknown as WebSocket);
    hub.add(slow as unknown as WebSocket);
    fast.batches.length = 0;
    slow.batches.length = 0;
    elapse(GAP + 10);
    slow.bufferedAmount = 512 * 1024; // it has not read for a while
    for (let i = 0; i < 3; i++) {
      step({ BTCUSDT: 53_000 + i * 10 });
      elapse(GAP + 10);
    }
    expect(fast.batches).toHaveLength(3); // the fast client is not held back by the slow one
    expect(slow.batches).toHaveLength(0);
    slow.bufferedAmount = 0; // it caught up
    elapse(150);
    expect(slow.batches).toHaveLength(1);
    expect(slow.batches[0]).toEqual([expect.objectContaining({ code: 'BTCUSDT', price: t.app.market.priceOf('BTCUSDT') })]);
  } finally {
    hub.close();
  }
});

it('a subscriber gets only its codes, at once', async () => {
  const hub = new PriceHub(t.app, t.app.market, 60_000);
  try {
    const s = new Socket();
    hub.add(s as unknown as WebSocket);
    s.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe', codes: ['ETHUSDT'] })), false);
    elapse(GAP + 10);
    s.batches.length = 0;
    step({ BTCUSDT: 54_000 });
    expect(s.batches).toHaveLength(0);
    step({ ETHUSDT: 3200, BTCUSDT: 54_100 });
    expect(s.batches).toEqual([[expect.objectContaining({ code: 'ETHUSDT', price: t.app.market.priceOf('ETHUSDT') })]]);
  } finally {
    hub.close();
  }
});
