import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { ExchangeFeed } from '../../../server/market/feed/exchangeFeed.ts';

/**
 * A connection that goes silent without closing (half-open TCP, a stalled proxy) emits no
 * 'close': the feed must notice the silence and reconnect, or its instruments stay stale
 * (untradable) until someone restarts the service.
 */
let server: WebSocketServer;
let connections = 0;
beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  server.on('connection', () => void connections++); // accepts, then says nothing, never closes
});
afterAll(async () => {
  for (const c of server.clients) c.terminate();
  await new Promise((r) => server.close(r));
});

it('reconnects when the exchange connection stays silent', async () => {
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const quiet = { info() {}, warn() {}, error() {} };
  const feed = new ExchangeFeed({
    url,
    codes: ['BTCUSDT'],
    onTicks: () => {},
    log: quiet,
    initialBackoffMs: 10,
    idleTimeoutMs: 300,
    now: Date.now,
  });
  feed.start();
  try {
    const end = Date.now() + 5000;
    while (connections < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(connections).toBeGreaterThanOrEqual(2);
    expect(feed.reconnects).toBeGreaterThanOrEqual(1);
  } finally {
    feed.stop();
  }
});
