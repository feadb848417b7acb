import { fromCallback } from 'xstate';
import { asUserEvent } from '../../contract/userEventKinds.ts';
import type { UserEvent, UserEventsEvent, UserSocketCommand } from '../../machines/platform/userEvents.ts';
import { sessionToken } from './settings.ts';
import { acquireSocket } from './socket.ts';

/**
 * Accepts only the documented event shape (src/contract/userEvents.ts): anything else is dropped.
 * The parameters are taken as sent (their readers check what they show); a kind this build does
 * not know is kept, as asUserEvent says.
 */
export function parseUserEvent(raw: unknown): UserEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  if (typeof e.kind !== 'string' || e.kind.length > 60) return null;
  const params =
    e.params && typeof e.params === 'object' && !Array.isArray(e.params) ? (e.params as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
  return asUserEvent({ kind: e.kind, params, refType: str(e.refType), refId: str(e.refId), id: str(e.id) ?? undefined });
}

/**
 * The user-events machine's side of the shared websocket: joins the user channel with
 * `{"type":"auth","token"}` when asked (the token read from its one owner, the settings store),
 * leaves it with an empty token (the service then drops the subscription), and reports opens,
 * auth results and `{"type":"user"}` events.
 */
export const userSocket = fromCallback<UserSocketCommand>(({ sendBack, receive }) => {
  const send = (e: UserEventsEvent) => sendBack(e);
  const ws = acquireSocket();
  ws.onOpen(() => send({ type: 'userEvents.socketOpen' }));
  ws.onMessage((data) => {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return;
    const msg = data as { type?: string; ok?: unknown; event?: unknown };
    if (msg.type === 'auth') send({ type: 'userEvents.authResult', ok: msg.ok === true });
    else if (msg.type === 'user') {
      const event = parseUserEvent(msg.event);
      if (event) send({ type: 'userEvents.received', event });
    }
  });
  receive((cmd) => {
    if (cmd.type === 'socket.auth') ws.send({ type: 'auth', token: sessionToken() ?? '' });
    else ws.send({ type: 'auth', token: '' });
  });
  return () => ws.release();
});
