import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { buildTestApp, waitFor, type TestApp } from '../helpers.ts';
import { AUTH_INTERVAL_MS, PriceHub, WS_TOO_MANY_CONNECTIONS } from '../../../server/market/socket/ws.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { createSession } from '../../../server/auth/sessions.ts';
import { Err } from '../../../src/contract/errors.ts';

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
// The message window (MAX_MESSAGES_PER_SECOND) and the auth window (AUTH_INTERVAL_MS) are read
// on the monotonic clock (monotonicMs, performance.now): it is faked here and moved with
// vi.advanceTimersByTime, so a window passes without waiting for it. Timers stay real (the
// database's I/O); the tests wait for the replies the hub sends.
beforeEach(() => void vi.useFakeTimers({ toFake: ['performance'] }));
afterEach(() => void vi.useRealTimers());

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
  closeCode?: number;
  closeReason?: string;
  close(code?: number, reason?: string) {
    this.closeCode = code;
    this.closeReason = reason;
    this.terminate();
  }
}

/** The app as a hub sees it, with a database that counts the selects (each session lookup is one). */
function countingApp() {
  const counter = { lookups: 0 };
  const db = t.app.db;
  const countingDb = new Proxy(db, {
    get: (target, key, recv) =>
      key === 'select'
        ? (...a: unknown[]) => (counter.lookups++, (db.select as (...x: unknown[]) => unknown)(...a))
        : Reflect.get(target, key, recv),
  });
  const app = Object.create(t.app, { db: { value: countingDb } }) as typeof t.app;
  return { app, counter };
}

/** A socket that reads everything, keeping the replies. */
function reader() {
  const s = new FakeSocket();
  const replies: Array<{ type?: string; ok?: boolean; code?: number }> = [];
  s.send = (data: string) => void replies.push(JSON.parse(data));
  return { s, replies };
}

const auth = (s: FakeSocket, token: string) => s.emit('message', Buffer.from(JSON.stringify({ type: 'auth', token })), false);

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
      vi.advanceTimersByTime(1000); // the next second's message window
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
    // a subscribe is answered synchronously: had the hub dropped the reader, it would be gone now
    for (let i = 0; i < 15; i++) s.emit('message', Buffer.from('{"type":"subscribe","codes":null}'), false);
    expect(s.terminated).toBe(false);
    expect(hub.size).toBe(1);
  } finally {
    hub.close();
  }
});

it('does not run a session lookup for every message of a flood (each auth is a database query)', async () => {
  const { app, counter } = countingApp();
  const hub = new PriceHub(app, t.app.market, 60_000);
  try {
    const { s, replies } = reader();
    hub.add(s as unknown as WebSocket);
    for (let i = 0; i < 1000; i++) s.emit('message', Buffer.from(JSON.stringify({ type: 'auth', token: `t${i}` })), false);
    // the refusals are sent synchronously; the one lookup answers with the auth reply
    await waitFor('the auth reply of the one lookup', () => replies.some((m) => m.type === 'auth'));
    expect(counter.lookups).toBe(1); // the message limit lets 20 through, the auth window one of them
    expect(replies.some((m) => m.type === 'error')).toBe(true);
  } finally {
    hub.close();
  }
});

it('looks a session up at most once per socket per AUTH_INTERVAL_MS until one proves a session; the extra auths get 10031 and are ignored', async () => {
  const { app, counter } = countingApp();
  const hub = new PriceHub(app, t.app.market, 60_000);
  try {
    const [u] = await t.app.db
      .insert(users)
      .values({ username: 'wsauthwin', inviteCode: 'AW' + Date.now().toString(36).toUpperCase() })
      .returning();
    const token = await createSession(t.app.db, u.id, 3600_000, { now: t.app.clock.now() });
    const { s, replies } = reader();
    hub.add(s as unknown as WebSocket, '192.0.2.1');
    counter.lookups = 0;
    // 15 a second stays under the message limit: only the auth window stops them
    for (let i = 0; i < 15; i++) auth(s, i === 0 ? token : `made-up-${i}`);
    await waitFor('the auth reply of the first lookup', () => replies.some((m) => m.type === 'auth'));
    expect(counter.lookups).toBe(1);
    expect(replies.filter((m) => m.type === 'auth')).toEqual([{ type: 'auth', ok: true }]);
    const refused = replies.filter((m) => m.type === 'error');
    expect(refused).toHaveLength(14);
    for (const m of refused) expect(m.code).toBe(Err.TOO_MANY_REQUESTS);
    // an empty token (leaving the user channel) needs no lookup and is always answered
    let n = replies.length;
    auth(s, '');
    await waitFor('the answer to leaving', () => replies.length === n + 1);
    expect(replies.at(-1)).toEqual({ type: 'auth', ok: false, code: Err.LOGIN_REQUIRED });
    expect(counter.lookups).toBe(1);
    // after the window the socket may authenticate again (served from the cache here)
    vi.advanceTimersByTime(AUTH_INTERVAL_MS);
    n = replies.length;
    auth(s, token);
    await waitFor('the second auth reply', () => replies.length === n + 1);
    expect(replies.at(-1)).toEqual({ type: 'auth', ok: true });
    // a proven session lifts the window: log out and in again at once (a new session) is answered
    const again = await createSession(t.app.db, u.id, 3600_000, { now: t.app.clock.now() });
    n = replies.length;
    auth(s, '');
    auth(s, again);
    await waitFor('the answers to leaving and joining again', () => replies.length === n + 2);
    expect(replies.slice(-2)).toEqual([
      { type: 'auth', ok: false, code: Err.LOGIN_REQUIRED },
      { type: 'auth', ok: true },
    ]);
  } finally {
    hub.close();
  }
});

it('shares one session lookup between the sockets that authenticate with the same token', async () => {
  const { app, counter } = countingApp();
  const hub = new PriceHub(app, t.app.market, 60_000);
  try {
    const [u] = await t.app.db
      .insert(users)
      .values({ username: 'wsauthcache', inviteCode: 'AC' + Date.now().toString(36).toUpperCase() })
      .returning();
    const token = await createSession(t.app.db, u.id, 3600_000, { now: t.app.clock.now() });
    const sockets = Array.from({ length: 10 }, () => reader());
    counter.lookups = 0;
    for (const { s } of sockets) {
      hub.add(s as unknown as WebSocket, '192.0.2.2');
      auth(s, token);
    }
    await waitFor("every socket's auth reply", () => sockets.every(({ replies }) => replies.some((m) => m.type === 'auth')));
    expect(counter.lookups).toBe(1);
    for (const { replies } of sockets) expect(replies.filter((m) => m.type === 'auth')).toEqual([{ type: 'auth', ok: true }]);
  } finally {
    hub.close();
  }
});

it('closes a socket over the per-address cap before sending it anything; each address counts alone; closing frees a slot', async () => {
  const hub = new PriceHub(t.app, t.app.market, 60_000);
  try {
    const cap = t.app.config.wsMaxPerAddress;
    const held = Array.from({ length: cap }, () => reader());
    for (const { s } of held) expect(hub.add(s as unknown as WebSocket, '203.0.113.5')).toBe(true);
    const over = reader();
    expect(hub.add(over.s as unknown as WebSocket, '203.0.113.5')).toBe(false);
    expect(over.s.terminated).toBe(true);
    expect([over.s.closeCode, over.s.closeReason]).toEqual([WS_TOO_MANY_CONNECTIONS.code, WS_TOO_MANY_CONNECTIONS.reason]);
    expect(over.replies).toHaveLength(0);
    expect(hub.add(reader().s as unknown as WebSocket, '203.0.113.6')).toBe(true);
    expect(hub.size).toBe(cap + 1);
    held[0].s.emit('error', new Error('reset'));
    held[0].s.emit('close'); // both may arrive: the slot is freed once
    const again = reader();
    expect(hub.add(again.s as unknown as WebSocket, '203.0.113.5')).toBe(true);
    expect(again.replies.length).toBeGreaterThan(0);
    expect(hub.add(reader().s as unknown as WebSocket, '203.0.113.5')).toBe(false);
  } finally {
    hub.close();
  }
});
