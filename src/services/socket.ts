import ReconnectingWebSocket from 'partysocket/ws';
import { feedUrl } from './config.ts';

/**
 * The app's one websocket (/ws), shared by the price feed and the user-events actor. partysocket
 * reconnects with exponential back-off (0.5 s growing ×1.6 up to 10 s, forever). Messages are
 * parsed once and handed to every holder; the socket closes when the last holder releases it.
 */
export interface SocketHandle {
  onOpen(fn: () => void): void;
  onClose(fn: () => void): void;
  onMessage(fn: (data: unknown) => void): void;
  /** Sends now if the socket is open; false otherwise (holders re-send on the next open). */
  send(obj: unknown): boolean;
  reconnect(): void;
  release(): void;
}

let ws: ReconnectingWebSocket | null = null;
let holders = 0;

export function acquireSocket(): SocketHandle {
  if (!ws) {
    ws = new ReconnectingWebSocket(feedUrl, [], {
      minReconnectionDelay: 500,
      maxReconnectionDelay: 10_000,
      reconnectionDelayGrowFactor: 1.6,
      connectionTimeout: 5_000,
    });
  }
  const socket = ws;
  holders++;
  const listeners: Array<[string, EventListener]> = [];
  const on = (type: string, fn: EventListener) => {
    socket.addEventListener(type as 'open', fn);
    listeners.push([type, fn]);
  };
  let released = false;
  return {
    onOpen: (fn) => on('open', () => fn()),
    onClose: (fn) => on('close', () => fn()),
    onMessage: (fn) =>
      on('message', (m) => {
        const raw = String((m as MessageEvent).data);
        let data: unknown;
        try {
          data = JSON.parse(raw);
        } catch {
          return;
        }
        fn(data);
      }),
    send: (obj) => {
      if (released || socket.readyState !== ReconnectingWebSocket.OPEN) return false;
      socket.send(JSON.stringify(obj));
      return true;
    },
    reconnect: () => socket.reconnect(),
    release: () => {
      if (released) return;
      released = true;
      for (const [type, fn] of listeners) socket.removeEventListener(type as 'open', fn);
      if (--holders === 0) {
        socket.close();
        if (ws === socket) ws = null;
      }
    },
  };
}
