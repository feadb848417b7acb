import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from './helpers.ts';
import { PriceHub } from '../../server/market/ws.ts';

/**
 * A client that never reads while it keeps asking for the full list (subscribe null) must not
 * make the server queue one full snapshot per tiny request without bound: each 30-byte request
 * is answered with the whole price list, so memory grows at the client's will.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  /** Bytes the server queued that the (non-reading) peer never took. */
  bufferedAmount = 0;
  terminated = false;
  send(data: string) {
    this.bufferedAmount += Buffer.byteLength(data);
  }
  ping() {}
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close() {
    this.terminate();
  }
}

it('stops queueing replies for a client that never reads', async () => {
  const hub = new PriceHub(t.app, t.app.market, 60_000);
  try {
    const s = new FakeSocket();
    hub.add(s as unknown as WebSocket);
    const snapshot = s.bufferedAmount;
    expect(snapshot).toBeGreaterThan(1000);
    for (let i = 0; i < 2000; i++) s.emit('message', Buffer.from('{"type":"subscribe","codes":null}'), false);
    await new Promise((r) => setTimeout(r, 50));
    // bounded: a few MB at most, not 2000 full snapshots
    expect(s.bufferedAmount).toBeLessThan(8 * 1024 * 1024);
    expect(s.bufferedAmount).toBeLessThan(snapshot * 2000);
    expect(s.terminated).toBe(true);
    expect(hub.size).toBe(0);
  } finally {
    hub.close();
  }
});

it('keeps answering a client that reads', async () => {
  const hub = new PriceHub(t.app, t.app.market, 60_000);
  try {
    const s = new FakeSocket();
    s.send = (data: string) => void data; // a reader: nothing stays queued
    hub.add(s as unknown as WebSocket);
    for (let i = 0; i < 200; i++) s.emit('message', Buffer.from('{"type":"subscribe","codes":null}'), false);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.terminated).toBe(false);
    expect(hub.size).toBe(1);
  } finally {
    hub.close();
  }
});
