import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from './helpers.ts';
import { PriceHub } from '../../server/market/socket/ws.ts';

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
    s.bufferedAmount += 3.5 * 1024 * 1024; // it has read nothing for a while
    // then a few seconds of subscribes (under the message limit), still without reading
    for (let sec = 0; sec < 5 && !s.terminated; sec++) {
      for (let i = 0; i < 15; i++) s.emit('message', Buffer.from('{"type":"subscribe","codes":null}'), false);
      await new Promise((r) => setTimeout(r, 1000));
    }
    // bounded: a few MB at most, not one full snapshot per request
    expect(s.terminated).toBe(true);
    expect(s.bufferedAmount).toBeLessThan(8 * 1024 * 1024);
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
    for (let i = 0; i < 15; i++) s.emit('message', Buffer.from('{"type":"subscribe","codes":null}'), false);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.terminated).toBe(false);
    expect(hub.size).toBe(1);
  } finally {
    hub.close();
  }
});

it('does not run a session lookup for every message of a flood (each auth is a database query)', async () => {
  // the hub sees an app whose database counts the lookups it is asked for
  let lookups = 0;
  const db = t.app.db;
  const countingDb = new Proxy(db, {
    get: (target, key, recv) => (key === 'select' ? (...a: unknown[]) => (lookups++, (db.select as (...x: unknown[]) => unknown)(...a)) : Reflect.get(target, key, recv)),
  });
  const app = Object.create(t.app, { db: { value: countingDb } }) as typeof t.app;
  const hub = new PriceHub(app, t.app.market, 60_000);
  try {
    const s = new FakeSocket();
    const replies: Array<{ type?: string }> = [];
    s.send = (data: string) => void replies.push(JSON.parse(data));
    hub.add(s as unknown as WebSocket);
    for (let i = 0; i < 1000; i++) s.emit('message', Buffer.from(JSON.stringify({ type: 'auth', token: `t${i}` })), false);
    await new Promise((r) => setTimeout(r, 1000));
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThanOrEqual(50);
    expect(replies.some((m) => m.type === 'error')).toBe(true);
  } finally {
    hub.close();
  }
});
