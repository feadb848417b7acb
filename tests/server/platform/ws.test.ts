import crypto from 'node:crypto';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { WsProbe, isArray, ofType } from '../wsClient.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { createSession, findSessionUser, revokeSession } from '../../../server/auth/sessions.ts';
import { Err } from '../../../src/contract/errors.ts';
import { WS_FLUSH_PER_SECOND, WS_PATH, type WsTick } from '../../../src/contract/ws.ts';
import { AUTH_INTERVAL_MS, WS_TOO_MANY_CONNECTIONS } from '../../../server/market/socket/ws.ts';

let t: TestApp;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function connect(answerPings = true, address?: string): Promise<WsProbe> {
  let probe: WsProbe | undefined;
  // tests stand in for a proxy (trustProxy): X-Forwarded-For names the client address; injectWS
  // makes a request without a socket, so give it the proxy's
  const ctx = { socket: { remoteAddress: '127.0.0.1' } as Socket, headers: address ? { 'x-forwarded-for': address } : {} };
  await t.app.injectWS(WS_PATH, ctx, { onInit: (ws) => (probe = new WsProbe(ws, answerPings)) });
  return probe!;
}

/** Waits until the server either closed the socket or sent it the price list. */
async function settled(p: WsProbe): Promise<void> {
  for (let i = 0; i < 150 && !p.closed && !p.messages.some(isArray); i++) await sleep(20);
}

// a pinned market clock (Wednesday 11:00 New York, every market open): independent of the day tests run
const WEDNESDAY = Date.parse('2025-07-09T15:00:00Z');
const started = Date.now();

beforeAll(async () => {
  t = await buildTestApp({
    engines: true,
    feed: { kind: 'simulated', seed: 99, staleAfterMs: 30_000 },
    wsHeartbeatMs: 300,
    clock: () => WEDNESDAY + (Date.now() - started),
    wsMaxPerAddress: 4,
  });
});
afterAll(async () => t?.close());

describe('price websocket /ws', () => {
  it('sends the full list, then a meta object saying prices are simulated', async () => {
    const p = await connect();
    const first = await p.next(() => true);
    expect(isArray(first)).toBe(true);
    const list = first as WsTick[];
    expect(list.length).toBe(t.app.market.state.list.length);
    expect(list.length).toBeGreaterThan(500);
    expect(Object.keys(list[0]).sort()).toEqual(['code', 'price', 'zdf']);
    expect(list.find((x) => x.code === 'BTCUSDT')!.price).toMatch(/^\d+\.\d{2}$/);
    const meta = await p.next<{ simulated: boolean; source: string; stale: Record<string, true> }>((m) => m?.type === 'meta');
    expect(meta).toMatchObject({ simulated: true, source: 'simulated', stale: {} });
    p.ws.terminate();
  });

  it('only price lists contain "[": a client that takes any such message for a market list ignores meta and pings', async () => {
    const p = await connect();
    await p.next((m) => m?.type === 'meta');
    await p.upcoming((m) => m?.type === 'ping'); // the heartbeat object (every 300 ms here)
    await p.upcoming(isArray, 15_000); // a batch of changes after them
    // the published client's rule, applied to every frame as sent
    const lists = p.frames.filter((f) => f.includes('['));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists.every((f) => Array.isArray(JSON.parse(f)))).toBe(true);
    const others = p.frames.filter((f) => !Array.isArray(JSON.parse(f)));
    expect(others.map((f) => (JSON.parse(f) as { type: string }).type)).toEqual(expect.arrayContaining(['meta', 'ping']));
    expect(others.some((f) => f.includes('['))).toBe(false);
    p.ws.terminate();
  });

  it('pushes batched, coalesced changes at most a few times per second', async () => {
    const p = await connect();
    await p.next(isArray);
    const start = p.messages.length;
    const arrivals: number[] = [];
    p.ws.on('message', (raw) => void (String(raw).startsWith('[') && arrivals.push(Date.now())));
    // wait for three batches (the machine may be busy: count, don't time)
    for (let k = 1; k <= 3; k++) await p.next(() => p.messages.slice(start).filter(isArray).length >= k, 15_000);
    const batches = p.messages.slice(start).filter(isArray);
    // at most WS_FLUSH_PER_SECOND batches a second: two gaps take at least two intervals (a
    // fifth of it spared for the test's own event loop receiving one batch late)
    expect(arrivals[2] - arrivals[0]).toBeGreaterThanOrEqual(2 * (1000 / WS_FLUSH_PER_SECOND) * 0.8);
    for (const b of batches) {
      expect(new Set(b.map((x) => x.code)).size).toBe(b.length); // one entry per code per batch
    }
    const eth = batches.flat().filter((x) => x.code === 'ETHUSDT');
    expect(eth.length).toBeGreaterThan(0);
    expect(Number(eth.at(-1)!.price)).toBeGreaterThan(0);
    // the batch for everyone is encoded once as bytes (ws.ts), still sent as a text frame
    expect(p.binaryFrames).toBe(0);
    p.ws.terminate();
  });

  it('subscribe restricts the stream to a subset; null restores everything', async () => {
    const p = await connect();
    await p.next(isArray);
    const ack = p.upcoming<{ codes: string[]; unknown: string[] }>((m) => m?.type === 'subscribed');
    p.send({ type: 'subscribe', codes: ['BTCUSDT', 'EURUSD', 'NOPEUSDT'] });
    expect(await ack).toEqual({ type: 'subscribed', codes: ['BTCUSDT', 'EURUSD'], unknown: ['NOPEUSDT'] });
    const mark = p.messages.length;
    for (let k = 1; k <= 3; k++) await p.next(() => p.messages.slice(mark).filter(isArray).length >= k, 15_000);
    const arrays = p.messages.slice(mark).filter(isArray);
    for (const a of arrays) for (const x of a) expect(['BTCUSDT', 'EURUSD']).toContain(x.code);
    expect(new Set(arrays.flat().map((x) => x.code))).toEqual(new Set(['BTCUSDT', 'EURUSD'])); // forex is open on a Wednesday
    const all = p.upcoming((m) => isArray(m) && m.length > 500);
    p.send({ type: 'subscribe', codes: null });
    expect(((await all) as unknown[]).length).toBe(t.app.market.state.list.length);
    p.ws.terminate();
  });

  it('sends heartbeats: protocol pings and {"type":"ping"} objects, and answers pings', async () => {
    const p = await connect();
    await p.next((m) => m?.type === 'ping', 10_000);
    await p.next(() => p.pings.length >= 1, 10_000);
    const pong = p.upcoming<{ type: string; t: number }>((m) => m?.type === 'pong');
    p.send({ type: 'ping' });
    expect((await pong).t).toBeGreaterThan(0);
    p.ws.terminate();
  });

  it('closes a client that answers no heartbeat', async () => {
    const p = await connect(false);
    await p.next(isArray);
    for (let i = 0; i < 100 && !p.closed; i++) await sleep(100);
    expect(p.closed).toBe(true);
  });

  it('refuses malformed client messages with MALFORMED_REQUEST and keeps the socket open', async () => {
    const p = await connect();
    await p.next(isArray);
    for (const bad of [
      'not json',
      '[1,2]',
      JSON.stringify({ type: 'dance' }),
      JSON.stringify({ type: 'subscribe', codes: 'BTCUSDT' }),
      JSON.stringify({ type: 'subscribe', codes: ['x'.repeat(10_000)] }),
      JSON.stringify({ type: 'subscribe', codes: null, extra: 1 }),
      JSON.stringify({ type: 'auth' }),
      JSON.stringify({ type: 'auth', token: 'x'.repeat(5000) }),
    ]) {
      const err = p.upcoming<{ code: number; msg: string }>((m) => m?.type === 'error');
      p.send(bad);
      expect((await err).code).toBe(Err.MALFORMED_REQUEST);
    }
    await p.upcoming(isArray, 10_000); // still streaming
    p.ws.terminate();
  });

  it("forwards the events of user:<id> after auth, and only that user's", async () => {
    const [u] = await t.app.db
      .insert(users)
      .values({ username: 'wsuser', inviteCode: crypto.randomBytes(4).toString('hex').toUpperCase() })
      .returning();
    const [v] = await t.app.db
      .insert(users)
      .values({ username: 'wsother', inviteCode: crypto.randomBytes(4).toString('hex').toUpperCase() })
      .returning();
    const token = await createSession(t.app.db, u.id, 3600_000, { now: t.app.clock.now() });
    const p = await connect();
    await p.next(isArray);

    // a refused token joins no channel (so it hears nothing of anyone)
    const joined = vi.spyOn(t.app.bus, 'subscribe');
    const denied = p.upcoming<{ ok: boolean; code: number }>((m) => m?.type === 'auth');
    const lookedUpAt = Date.now();
    p.send({ type: 'auth', token: 'not-a-token' });
    expect(await denied).toEqual({ type: 'auth', ok: false, code: Err.LOGIN_REQUIRED });
    expect(joined).not.toHaveBeenCalled();
    joined.mockRestore();

    // one session lookup per socket per AUTH_INTERVAL_MS: a second auth right away is refused
    const tooSoon = p.upcoming<{ code: number }>((m) => m?.type === 'error');
    p.send({ type: 'auth', token });
    expect((await tooSoon).code).toBe(Err.TOO_MANY_REQUESTS);
    // the window is real time by design (the hub's monotonic clock, not the pinned business
    // clock): ask again until it is over, and it is over no sooner than AUTH_INTERVAL_MS
    let answer: { type: string; ok?: boolean; code?: number };
    for (let i = 0; ; i++) {
      const reply = p.upcoming<typeof answer>((m) => m?.type === 'auth' || m?.type === 'error');
      p.send({ type: 'auth', token });
      answer = await reply;
      if (answer.type === 'auth' || i > 40) break;
      expect(answer.code).toBe(Err.TOO_MANY_REQUESTS);
      await sleep(250);
    }
    expect(answer).toEqual({ type: 'auth', ok: true });
    expect(Date.now() - lookedUpAt).toBeGreaterThanOrEqual(AUTH_INTERVAL_MS);
    const ev = p.upcoming<{ event: unknown }>((m) => m?.type === 'user');
    await t.app.bus.publish(`user:${v.id}`, { kind: 'not yours' });
    await t.app.bus.publish(`user:${u.id}`, { kind: 'withdrawal', status: 'approved', id: '7' });
    expect((await ev).event).toEqual({ kind: 'withdrawal', status: 'approved', id: '7' });
    expect(p.messages.filter(ofType('user'))).toHaveLength(1);
    p.ws.terminate();
  });

  it('stops forwarding once the session ends (logout elsewhere), and says so', async () => {
    const [u] = await t.app.db
      .insert(users)
      .values({ username: 'wsrevoked', inviteCode: crypto.randomBytes(4).toString('hex').toUpperCase() })
      .returning();
    const token = await createSession(t.app.db, u.id, 3600_000, { now: t.app.clock.now() });
    const p = await connect();
    await p.next(isArray);
    const ok = p.upcoming<{ ok: boolean }>((m) => m?.type === 'auth');
    p.send({ type: 'auth', token });
    expect((await ok).ok).toBe(true);
    // a witness: the same user on another session, still signed in, hears what p would hear
    const witness = await connect();
    await witness.next(isArray);
    const witnessOk = witness.upcoming<{ ok: boolean }>((m) => m?.type === 'auth');
    witness.send({ type: 'auth', token: await createSession(t.app.db, u.id, 3600_000, { now: t.app.clock.now() }) });
    expect((await witnessOk).ok).toBe(true);

    const session = await findSessionUser(t.app.db, token, t.app.clock.now());
    await revokeSession(t.app.db, session!.sessionId);
    const dropped = p.upcoming<{ ok: boolean; code: number }>((m) => m?.type === 'auth');
    await t.app.bus.publish(`user:${u.id}`, { kind: 'deposit.approved', refId: '1' });
    expect(await dropped).toEqual({ type: 'auth', ok: false, code: Err.LOGIN_REQUIRED });
    const second = witness.upcoming((m) => m?.type === 'user' && (m.event as { refId?: string }).refId === '2');
    await t.app.bus.publish(`user:${u.id}`, { kind: 'deposit.approved', refId: '2' });
    await second; // handed to every socket on the channel in the same publish
    expect(p.messages.some(ofType('user'))).toBe(false);
    p.ws.terminate();
    witness.ws.terminate();
  });

  it('caps the sockets of one client address: one more is closed at once with 1008, a freed slot is taken again', async () => {
    const cap = t.app.config.wsMaxPerAddress;
    const held: WsProbe[] = [];
    for (let i = 0; i < cap; i++) {
      const p = await connect(true, '198.51.100.7');
      await p.next(isArray);
      held.push(p);
    }
    const over = await connect(true, '198.51.100.7');
    await settled(over);
    expect(over.closed).toBe(true);
    expect(over.closeCode).toBe(WS_TOO_MANY_CONNECTIONS.code);
    expect(over.closeReason).toBe(WS_TOO_MANY_CONNECTIONS.reason);
    expect(over.messages.filter(isArray)).toHaveLength(0); // refused before the snapshot
    // another address is counted on its own
    const other = await connect(true, '198.51.100.8');
    await other.next(isArray);
    expect(other.closed).toBe(false);
    // a closed socket frees its slot (the server sees the close a moment later)
    held.pop()!.ws.close();
    let again: WsProbe | undefined;
    for (let i = 0; i < 20; i++) {
      again = await connect(true, '198.51.100.7');
      await settled(again);
      if (!again.closed) break;
      await sleep(50);
    }
    expect(again!.closed).toBe(false);
    expect(again!.messages.some(isArray)).toBe(true);
    for (const p of [...held, other, again!]) p.ws.terminate();
  });
});
