import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, usingPostgres, type TestApp } from '../helpers.ts';
import { WsProbe, isArray } from '../wsClient.ts';
import { WS_PATH } from '../../../src/contract/ws.ts';
import { waitFor } from '../../setup/waitFor.ts';

/**
 * Two instances on one PostgreSQL database and one Redis: one is elected (advisory lock) and
 * runs the feed, both fan out the same ticks to their own websocket clients, and the other
 * takes over when the leader goes away. Runs in the server-pg project (TEST_DB=postgres).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const WEDNESDAY = Date.parse('2025-07-09T15:00:00Z');
const started = Date.now();

describe.runIf(usingPostgres())('two instances on PostgreSQL + Redis', () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: TestApp;
  let b: TestApp;
  let bClosed = false;
  let aClosed = false;

  beforeAll(async () => {
    db = await createTestDatabase();
    // a namespace per run so parallel runs on the same Redis never hear each other
    const overrides = {
      engines: true,
      databaseUrl: db.url,
      redisUrl: REDIS_URL,
      busNamespace: `test-${crypto.randomBytes(6).toString('hex')}:`,
      feed: { kind: 'simulated' as const, seed: 77, staleAfterMs: 30_000 },
      leaderRetryMs: 300,
      // one pinned market clock for both instances (a Wednesday): independent of the day tests run
      clock: () => WEDNESDAY + (Date.now() - started),
    };
    a = await buildTestApp(overrides);
    b = await buildTestApp(overrides);
  });
  afterAll(async () => {
    if (!aClosed) await a?.close();
    if (!bClosed) await b?.close();
    await db?.drop();
  });

  const probe = async (t: TestApp) => {
    let p: WsProbe | undefined;
    await t.app.injectWS(WS_PATH, {}, { onInit: (ws) => (p = new WsProbe(ws)) });
    return p!;
  };

  it('elects exactly one leader and both serve the same ticks', async () => {
    await waitFor(
      '() => Boolean(a.app.market.writer) !== Boolean(b.app.market.writer)',
      () => Boolean(a.app.market.writer) !== Boolean(b.app.market.writer),
    );
    expect(Boolean(a.app.market.writer) && Boolean(b.app.market.writer)).toBe(false);

    const pa = await probe(a);
    const pb = await probe(b);
    await pa.next(isArray);
    await pb.next(isArray);
    const ma = pa.messages.length;
    const mb = pb.messages.length;
    const btc = (p: WsProbe, from: number) =>
      p.messages
        .slice(from)
        .filter(isArray)
        .flat()
        .filter((x) => x.code === 'BTCUSDT')
        .map((x) => x.price);
    await waitFor(
      '() => btc(pa, ma).length >= 4 && btc(pb, mb).length >= 4',
      () => btc(pa, ma).length >= 4 && btc(pb, mb).length >= 4,
    );
    const seenA = new Set(btc(pa, ma));
    const common = btc(pb, mb).filter((p) => seenA.has(p));
    expect(common.length).toBeGreaterThanOrEqual(3); // the same ticks reached the clients of both

    // both instances hold the same price for the same tick
    await waitFor(
      "() => a.app.market.get('ETHUSDT')!.time === b.app.market.get('ETHUSDT'",
      () => a.app.market.get('ETHUSDT')!.time === b.app.market.get('ETHUSDT')!.time,
    );
    expect(a.app.market.priceOf('ETHUSDT')).toBe(b.app.market.priceOf('ETHUSDT'));
    pa.ws.terminate();
    pb.ws.terminate();
  });

  it('the other instance takes over the feed when the leader stops', async () => {
    // on its own (not after the test above) the election may still be running
    await waitFor(
      '() => Boolean(a.app.market.writer) !== Boolean(b.app.market.writer)',
      () => Boolean(a.app.market.writer) !== Boolean(b.app.market.writer),
    );
    const leaderIsA = Boolean(a.app.market.writer);
    const leader = leaderIsA ? a : b;
    const follower = leaderIsA ? b : a;
    if (leaderIsA) aClosed = true;
    else bClosed = true;
    await leader.close();
    await waitFor('Boolean(follower.app.market.writer)', () => Boolean(follower.app.market.writer));
    const q = follower.app.market.get('BTCUSDT')!;
    const before = q.time;
    await waitFor(
      "() => follower.app.market.get('BTCUSDT')!.time > before",
      () => follower.app.market.get('BTCUSDT')!.time > before,
    );
    expect(follower.app.market.isStale(follower.app.market.get('BTCUSDT')!)).toBe(false);
  });
});
