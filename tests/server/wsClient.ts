import type WebSocket from 'ws';
import type { WsTick } from '../../src/contract/ws.ts';

/** A decoded message as a predicate sees it: an object (maybe with a `type`), an array of prices, or anything else JSON. */
export type Incoming = { type?: unknown; [key: string]: unknown } | null | undefined;

/** Collects a websocket's JSON messages and waits for the ones a test expects. */
export class WsProbe {
  readonly messages: unknown[] = [];
  /** The same messages as the server sent them (the text of each frame). */
  readonly frames: string[] = [];
  readonly pings: number[] = [];
  /** Frames that came as binary: the platform sends JSON as text frames only, which browsers hand over as strings. */
  binaryFrames = 0;
  private waiters: Array<{ pred: (m: Incoming) => boolean; resolve: (m: unknown) => void }> = [];

  closed = false;
  /** The close code and reason the server gave, once closed. */
  closeCode?: number;
  closeReason?: string;

  /** `answerPings`: reply to {"type":"ping"} with {"type":"pong"} as the app does (injectWS does not deliver protocol pongs). */
  constructor(
    readonly ws: WebSocket,
    answerPings = true,
  ) {
    ws.on('close', (code, reason) => {
      this.closed = true;
      this.closeCode = code;
      this.closeReason = String(reason);
    });
    ws.on('message', (raw, isBinary) => {
      if (isBinary) this.binaryFrames++;
      const m = JSON.parse(String(raw));
      this.frames.push(String(raw));
      this.messages.push(m);
      if (answerPings && m?.type === 'ping') ws.send(JSON.stringify({ type: 'pong', t: m.t }));
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    ws.on('ping', () => this.pings.push(Date.now()));
  }

  /** The first message (already received or coming) after index `from` that matches. */
  next<T = unknown>(pred: (m: Incoming) => boolean, timeoutMs = 5000, from = 0): Promise<T> {
    const hit = this.messages.slice(from).find((m) => pred(m as Incoming));
    if (hit !== undefined) return Promise.resolve(hit as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching websocket message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as T);
        },
      });
    });
  }

  /** Waits for a message that arrives from now on. */
  upcoming<T = unknown>(pred: (m: Incoming) => boolean, timeoutMs = 5000): Promise<T> {
    return this.next<T>(pred, timeoutMs, this.messages.length);
  }

  send(obj: unknown) {
    this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj));
  }
}

/** A prices frame, in its wire form. */
export const isArray = (m: unknown): m is WsTick[] => Array.isArray(m);
/** An object message of this `type`. */
export const ofType =
  (type: string) =>
  (m: unknown): boolean =>
    typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;
