import { fromCallback } from 'xstate';
import type { WsTick } from '../../contract/ws.ts';
import { staleFromWire, ticksFromWire } from '../../contract/wsWire.ts';
import type { PriceFeedEvent, SocketCommand } from '../../machines/market/priceFeed.ts';
import { acquireSocket } from '../platform/socket.ts';

/**
 * The socket behind the price-feed machine: the shared /ws connection (services/socket.ts),
 * reconnecting with back-off; the machine decides what to call live/offline. Ticks are translated
 * from the wire's names here, once (`zdf` → `change24hPct`).
 */
export const feedSocket = fromCallback<SocketCommand>(({ sendBack, receive }) => {
  const send = (e: PriceFeedEvent) => sendBack(e);
  const ws = acquireSocket();
  ws.onOpen(() => send({ type: 'feed.open' }));
  ws.onClose(() => send({ type: 'feed.closed' }));
  // a JSON array parsed once per message is the only cost each holder shares
  ws.onMessage((data) => {
    if (Array.isArray(data)) return send({ type: 'feed.prices', items: ticksFromWire(data as WsTick[]) });
    if (!data || typeof data !== 'object') return;
    const msg = data as { type?: string; simulated?: unknown; stale?: unknown; t?: unknown };
    if (msg.type === 'meta') {
      send({ type: 'feed.meta', simulated: msg.simulated === true, stale: staleFromWire(msg.stale) });
    } else if (msg.type === 'ping') {
      ws.send({ type: 'pong', t: typeof msg.t === 'number' ? msg.t : undefined });
    }
  });
  receive((cmd) => {
    if (cmd.type === 'socket.subscribe') {
      ws.send({ type: 'subscribe', codes: cmd.codes });
    } else if (cmd.type === 'socket.reconnect') ws.reconnect();
  });
  const down = () => send({ type: 'feed.networkDown' });
  const up = () => ws.reconnect();
  window.addEventListener('offline', down);
  window.addEventListener('online', up);
  return () => {
    window.removeEventListener('offline', down);
    window.removeEventListener('online', up);
    ws.release();
  };
});
