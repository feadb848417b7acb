import ReconnectingWebSocket from 'partysocket/ws';
import { fromCallback } from 'xstate';
import type { PriceFeedEvent, SocketCommand } from '../machines/priceFeed.ts';
import { feedUrl } from './config.ts';

/**
 * The socket behind the price-feed machine: partysocket reconnects with exponential back-off
 * (0.5 s growing ×1.6 up to 10 s, forever); the machine decides what to call live/offline.
 */
export const feedSocket = fromCallback<SocketCommand>(({ sendBack, receive }) => {
  const send = (e: PriceFeedEvent) => sendBack(e);
  const ws = new ReconnectingWebSocket(feedUrl, [], {
    minReconnectionDelay: 500,
    maxReconnectionDelay: 10_000,
    reconnectionDelayGrowFactor: 1.6,
    connectionTimeout: 5_000,
  });
  let codes: readonly string[] | null = null;
  const subscribe = () => {
    if (ws.readyState === ReconnectingWebSocket.OPEN) ws.send(JSON.stringify({ type: 'subscribe', codes }));
  };
  ws.addEventListener('open', () => send({ type: 'feed.open' }));
  ws.addEventListener('close', () => send({ type: 'feed.closed' }));
  ws.addEventListener('message', (m: MessageEvent) => {
    let data: unknown;
    try {
      data = JSON.parse(String(m.data));
    } catch {
      return;
    }
    if (Array.isArray(data)) return send({ type: 'feed.prices', items: data });
    if (!data || typeof data !== 'object') return;
    const msg = data as { type?: string; simulated?: unknown; stale?: unknown; t?: unknown };
    if (msg.type === 'meta') {
      send({ type: 'feed.meta', simulated: msg.simulated === true, stale: Array.isArray(msg.stale) ? msg.stale.filter((c): c is string => typeof c === 'string') : [] });
    } else if (msg.type === 'ping') {
      ws.send(JSON.stringify({ type: 'pong', t: typeof msg.t === 'number' ? msg.t : undefined }));
    }
  });
  receive((cmd) => {
    if (cmd.type === 'socket.subscribe') {
      codes = cmd.codes;
      subscribe();
    } else if (cmd.type === 'socket.reconnect') ws.reconnect();
  });
  const down = () => send({ type: 'feed.networkDown' });
  const up = () => ws.reconnect();
  window.addEventListener('offline', down);
  window.addEventListener('online', up);
  return () => {
    window.removeEventListener('offline', down);
    window.removeEventListener('online', up);
    ws.close();
  };
});
