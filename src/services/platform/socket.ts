import type ReconnectingWebSocket from 'partysocket/ws';
import { feedUrl } from './config.ts';

/**
 * The app's one websocket (/ws), shared by the price feed and the user-events actor. partysocket
 * reconnects with exponential back-off (0.5 s growing ×1.6 up to 10 s, forever). Messages are
 * parsed once and handed to every holder; the socket closes when the last holder releases it.
 *
 * partysocket is loaded by the first holder, behind a lazy import: the first paint shows the
 * prices of the REST answers and the feed's "connecting" state either way, so the home page's
 * first JavaScript does not carry it (docs/performance.md, "Home page budget"). A holder's
 * listeners are attached once it has arrived; until then the socket is not open, so `send` says
 * false and the holders send again on the open they hear.
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

/** The shared connection, once partysocket has loaded; `loading` while it does. */
let ws: ReconnectingWebSocket | null = null;
let loading: Promise<ReconnectingWebSocket> | null = null;
let holders = 0;

function connect(): Promise<ReconnectingWebSocket> {
  loading ??= import('partysocket/ws').then(({ default: Socket }) => {
    ws = new Socket(feedUrl, [], {
      minReconnectionDelay: 500,
      maxReconnectionDelay: 10_000,
      reconnectionDelayGrowFactor: 1.6,
      connectionTimeout: 5_000,
    });
    return ws;
  });
  return loading;
}

export function acquireSocket(): SocketHandle {
  const connecting = connect();
  holders++;
  const listeners: Array<[string, EventListener]> = [];
  // a connection already there is held at once: it may be open, and `send` must say so now
  let socket: ReconnectingWebSocket | null = ws;
  let released = false;
  if (!socket) {
    void connecting.then((s) => {
      if (released) return;
      socket = s;
      for (const [type, fn] of listeners) s.addEventListener(type as 'open', fn);
    });
  }
  const on = (type: string, fn: EventListener) => {
    listeners.push([type, fn]);
    socket?.addEventListener(type as 'open', fn);
  };
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
      if (released || !socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(obj));
      return true;
    },
    reconnect: () => socket?.reconnect(),
    release: () => {
      if (released) return;
      released = true;
      if (socket) for (const [type, fn] of listeners) socket.removeEventListener(type as 'open', fn);
      if (--holders > 0) return;
      // the last holder: the connection closes (once it exists), and the next holder opens a new one
      const closing = connecting;
      loading = null;
      ws = null;
      void closing.then((s) => s.close());
    },
  };
}
