import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { WsProbe, isArray } from '../wsClient.ts';
import { WS_PATH } from '../../../src/contract/ws.ts';
import { WS_SERVER_FULL, WS_TOO_MANY_CONNECTIONS } from '../../../server/market/socket/ws.ts';

/**
 * Issue 25 item 11: the per-address cap alone let 100 addresses hold 2,000 sockets. The instance
 * also has a total cap (WS_MAX_TOTAL): one socket more, from any address, is closed at once with
 * 1013 "try again later", before any price is sent; a closed socket frees its place.
 */
let t: TestApp;
const TOTAL = 6;

async function connect(address: string): Promise<WsProbe> {
  let probe: WsProbe | undefined;
  const ctx = { socket: { remoteAddress: '127.0.0.1' } as Socket, headers: { 'x-forwarded-for': address } };
  await t.app.injectWS(WS_PATH, ctx, { onInit: (ws) => (probe = new WsProbe(ws, true)) });
  return probe!;
}

/** Waits (bounded) until the server either closed the socket or sent it the price list. */
async function settled(p: WsProbe): Promise<void> {
  for (let i = 0; i < 150 && !p.closed && !p.messages.some(isArray); i++) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  t = await buildTestApp({ feed: { kind: 'simulated', seed: 7, staleAfterMs: 30_000 }, wsMaxPerAddress: 4, wsMaxTotal: TOTAL });
});
afterAll(async () => t?.close());

describe('price websocket: total cap', () => {
  it('holds WS_MAX_TOTAL sockets from many addresses; one more is closed with 1013, a freed place is taken again', async () => {
    const held: WsProbe[] = [];
    for (let i = 0; i < TOTAL; i++) {
      const p = await connect(`198.51.100.${10 + i}`); // each address far below its own cap
      await p.next(isArray);
      held.push(p);
    }
    const over = await connect('198.51.100.99');
    await settled(over);
    expect([over.closed, over.closeCode, over.closeReason]).toEqual([true, WS_SERVER_FULL.code, WS_SERVER_FULL.reason]);
    expect(WS_SERVER_FULL.code).not.toBe(WS_TOO_MANY_CONNECTIONS.code); // a client can tell "full" from "you have too many"
    expect(over.messages.filter(isArray)).toHaveLength(0);
    held.pop()!.ws.terminate();
    let again: WsProbe | undefined;
    // the server sees the close a moment later: try again until it has (bounded)
    for (let i = 0; i < 100; i++) {
      again = await connect('198.51.100.99');
      await settled(again);
      if (!again.closed) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect([again!.closed, again!.closeCode, again!.closeReason]).toEqual([false, undefined, undefined]);
    expect(again!.messages.some(isArray)).toBe(true);
    for (const p of [...held, again!]) p.ws.terminate();
  });
});
