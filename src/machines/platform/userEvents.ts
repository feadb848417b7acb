import { assign, fromCallback, fromPromise, raise, sendTo, setup } from 'xstate';
import type { UserEvent, UserEventKind } from '../../contract/userEvents.ts';
import { ECHO_KINDS, isQuietKind } from '../../contract/userEventKinds.ts';

export type { UserEvent } from '../../contract/userEvents.ts';

/**
 * Live user events (docs/frontend.md, "Actors" and "Server state"): while logged in, the app's
 * websocket joins the user's channel by sending `{"type":"auth","token"}` after every (re)connect
 * (the socket actor supplied at the root adds the session's token), and every status change of a
 * deposit or withdrawal arrives as `{"type":"user","event"}` (one of src/contract/userEvents.ts;
 * a newer service's kind this build does not know is heard like any, and its readers fall back).
 * Each event bumps the bell's unread count, marks stale what it changed (`invalidate`: the query
 * keys of that kind and the session's balances, supplied at the root) and is announced (toast). The socket is the `socket`
 * callback actor supplied at the root (it shares the price feed's connection); toasts,
 * invalidation and the unread count's first read are named effects supplied with `.provide()`.
 *
 * Events are not replayed: what happened while the socket was down is only in the service's
 * answers. So a channel that was joined, lost and joined again (`rejoining`) marks every
 * user-scoped answer stale (`resync`) and recounts the badge; a first join needs neither, the
 * screens have just asked.
 */
export interface UserEventsContext {
  /** the bell's badge: listNotifications.unread, plus the events heard since */
  unread: number;
  last: UserEvent | null;
}

export type UserEventsEvent =
  /** a session began (or another one replaced it): join the user channel with its token */
  | { type: 'userEvents.start' }
  | { type: 'userEvents.stop' }
  | { type: 'userEvents.socketOpen' }
  | { type: 'userEvents.authResult'; ok: boolean }
  | { type: 'userEvents.received'; event: UserEvent }
  /** the unread count as the service last said it (after reading notifications) */
  | { type: 'userEvents.unread'; unread: number }
  | { type: 'userEvents.recount' };

/** What the machine asks of the socket actor: join with the session's token, or leave (logout). */
export type UserSocketCommand = { type: 'socket.auth' } | { type: 'socket.deauth' };

export const userEventsMachine = setup({
  types: {
    context: {} as UserEventsContext,
    events: {} as UserEventsEvent,
  },
  actors: {
    // replaced at the root by the shared websocket (services/userSocket.ts)
    socket: fromCallback<UserSocketCommand>(() => () => {}),
    fetchUnread: fromPromise<number>(async () => 0),
  },
  actions: {
    sendAuth: sendTo('socket', { type: 'socket.auth' } as UserSocketCommand),
    sendDeauth: sendTo('socket', { type: 'socket.deauth' } as UserSocketCommand),
    /** toast in the user's language (supplied at the root) */
    notify: (_, _params: { event: UserEvent }) => {},
    /** what this kind of event changed is stale (query keys, the session's balances) */
    invalidate: (_, _params: { kind: UserEventKind }) => {},
    /** events may have been missed while the socket was down: everything the user sees is stale */
    resync: () => {},
    recount: raise({ type: 'userEvents.recount' } as UserEventsEvent),
  },
  guards: {
    authOk: ({ event }) => event.type === 'userEvents.authResult' && event.ok,
    announce: ({ event }) => event.type === 'userEvents.received' && !ECHO_KINDS.has(event.event.kind),
    quiet: ({ event }) => event.type === 'userEvents.received' && isQuietKind(event.event.kind),
  },
}).createMachine({
  id: 'userEvents',
  context: { unread: 0, last: null },
  invoke: { id: 'socket', src: 'socket' },
  initial: 'off',
  states: {
    off: {
      on: {
        'userEvents.start': 'on',
      },
    },
    on: {
      type: 'parallel',
      on: {
        'userEvents.stop': { target: 'off', actions: ['sendDeauth', assign({ unread: 0, last: null })] },
        // another login (new token): join again with it and recount
        'userEvents.start': { target: 'on', reenter: true },
        'userEvents.received': [
          // the support chat's messages have their own badge (the service button) and screen, and
          // a chain deposit's growing count moves on the screen that shows it (no notification row):
          // they mark stale what they changed, and neither count in the bell nor toast
          {
            guard: 'quiet',
            actions: [
              assign({ last: ({ event }) => event.event }),
              { type: 'invalidate', params: ({ event }) => ({ kind: event.event.kind }) },
            ],
          },
          {
            guard: 'announce',
            actions: [
              assign({ unread: ({ context }) => context.unread + 1, last: ({ event }) => event.event }),
              { type: 'invalidate', params: ({ event }) => ({ kind: event.event.kind }) },
              { type: 'notify', params: ({ event }) => ({ event: event.event }) },
            ],
          },
          {
            actions: [
              assign({ unread: ({ context }) => context.unread + 1, last: ({ event }) => event.event }),
              { type: 'invalidate', params: ({ event }) => ({ kind: event.event.kind }) },
            ],
          },
        ],
        'userEvents.unread': { actions: assign({ unread: ({ event }) => Math.max(0, event.unread) }) },
      },
      states: {
        link: {
          initial: 'authenticating',
          on: {
            // every (re)connect starts without the user channel: join it again
            'userEvents.socketOpen': { target: '.authenticating', reenter: true },
          },
          states: {
            authenticating: {
              entry: 'sendAuth',
              on: {
                'userEvents.authResult': [{ guard: 'authOk', target: 'listening' }, { target: 'refused' }],
              },
            },
            listening: {
              tags: ['listening'],
              // the socket dropped and came back while joined: events may have been missed
              on: { 'userEvents.socketOpen': 'rejoining' },
            },
            rejoining: {
              entry: 'sendAuth',
              on: {
                'userEvents.socketOpen': { target: 'rejoining', reenter: true },
                'userEvents.authResult': [
                  { guard: 'authOk', target: 'listening', actions: ['resync', 'recount'] },
                  { target: 'refused' },
                ],
              },
            },
            // the token was refused (session gone): the API's 401 handling logs the user out
            refused: {},
          },
        },
        badge: {
          initial: 'counting',
          states: {
            counting: {
              invoke: {
                id: 'fetchUnread',
                src: 'fetchUnread',
                onDone: { target: 'ready', actions: assign({ unread: ({ event }) => Math.max(0, event.output) }) },
                // the badge keeps what it had; a later recount may succeed
                onError: { target: 'ready' },
              },
            },
            ready: {
              on: { 'userEvents.recount': 'counting' },
            },
          },
        },
      },
    },
  },
});
