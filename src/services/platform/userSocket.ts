import { fromCallback } from 'xstate';
import type { UserEventsEvent, UserSocketCommand } from '../../machines/platform/userEvents.ts';
import { sessionToken } from './settings.ts';
import { acquireSocket } from './socket.ts';

/**
 * The user-events machine's side of the shared websocket: joins the user channel with
 * `{"type":"auth","token"}` when asked (the token read from its one owner, the settings store),
 * leaves it with an empty token (the service then drops the subscription), and reports opens,
 * auth results and `{"type":"user"}` events that pass their schema (userEventCheck.ts, loaded with
 * the first event; events are passed on in the order they came).
 */
export const userSocket = fromCallback<UserSocketCommand>(({ sendBack, receive }) => {
  const send = (e: UserEventsEvent) => sendBack(e);
  const ws = acquireSocket();
  let checker: Promise<typeof import('./userEventCheck.ts')> | null = null;
  let inOrder: Promise<void> = Promise.resolve();
  let stopped = false;
  const received = (raw: unknown) => {
    checker ??= import('./userEventCheck.ts');
    const loaded = checker;
    inOrder = inOrder
      .then(() => loaded)
      .then(({ checkUserEvent }) => {
        const event = checkUserEvent(raw);
        if (event && !stopped) send({ type: 'userEvents.received', event });
      })
      .catch((e: unknown) => console.warn('user event not checked', e));
  };
  ws.onOpen(() => send({ type: 'userEvents.socketOpen' }));
  ws.onMessage((data) => {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return;
    const msg = data as { type?: string; ok?: unknown; event?: unknown };
    if (msg.type === 'auth') send({ type: 'userEvents.authResult', ok: msg.ok === true });
    else if (msg.type === 'user') received(msg.event);
  });
  receive((cmd) => {
    if (cmd.type === 'socket.auth') ws.send({ type: 'auth', token: sessionToken() ?? '' });
    else ws.send({ type: 'auth', token: '' });
  });
  return () => {
    stopped = true;
    ws.release();
  };
});
