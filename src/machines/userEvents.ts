import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';

/**
 * Live user events (issue 4 item 7): while logged in, the app's websocket joins the user's
 * channel by sending `{"type":"auth","token"}` after every (re)connect, and every status change
 * of a deposit or withdrawal arrives as `{"type":"user","event"}`. Each event bumps the bell's
 * unread count, the wallet revision (screens showing balances or records reload on it) and is
 * announced (toast). The socket is the `socket` callback actor supplied at the root (it shares
 * the price feed's connection); toasts, refreshes and the unread count's first read are named
 * effects supplied with `.provide()`.
 */
export interface UserEvent {
  /** e.g. 'deposit.approved' (src/contract/wallet.ts WALLET_EVENT_KINDS) */
  kind: string;
  /** e.g. { id, coin, amount, reason } */
  params: Record<string, unknown>;
  refType: string | null;
  refId: string | null;
  /** the notification row's id */
  id?: string;
}

export interface UserEventsContext {
  token: string | null;
  /** the bell's badge: listNotifications.unread, plus the events heard since */
  unread: number;
  /** grows by one with every event: screens with wallet data reload when it changes */
  revision: number;
  last: UserEvent | null;
}

export type UserEventsEvent =
  | { type: 'userEvents.start'; token: string }
  | { type: 'userEvents.stop' }
  | { type: 'userEvents.socketOpen' }
  | { type: 'userEvents.authResult'; ok: boolean }
  | { type: 'userEvents.received'; event: UserEvent }
  /** the unread count as the service last said it (after reading notifications) */
  | { type: 'userEvents.unread'; unread: number }
  | { type: 'userEvents.recount' };

/** What the machine asks of the socket actor. `deauth` leaves the user channel (logout). */
export type UserSocketCommand = { type: 'socket.auth'; token: string } | { type: 'socket.deauth' };

/** Kinds whose toast would repeat what the submitting screen just said (20002 / 20003). */
export const isSubmittedKind = (kind: string) => kind.endsWith('.submitted');

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
    sendAuth: sendTo('socket', ({ context }): UserSocketCommand => ({ type: 'socket.auth', token: context.token ?? '' })),
    sendDeauth: sendTo('socket', { type: 'socket.deauth' } as UserSocketCommand),
    /** toast in the user's language (supplied at the root) */
    notify: (_, _params: { event: UserEvent }) => {},
    /** reload what shows balances outside the wallet screens (session's getUserInfo) */
    refresh: () => {},
  },
  guards: {
    authOk: ({ event }) => event.type === 'userEvents.authResult' && event.ok,
    announce: ({ event }) => event.type === 'userEvents.received' && !isSubmittedKind(event.event.kind),
  },
}).createMachine({
  id: 'userEvents',
  context: { token: null, unread: 0, revision: 0, last: null },
  invoke: { id: 'socket', src: 'socket' },
  initial: 'off',
  states: {
    off: {
      on: {
        'userEvents.start': { target: 'on', actions: assign({ token: ({ event }) => event.token }) },
      },
    },
    on: {
      type: 'parallel',
      on: {
        'userEvents.stop': { target: 'off', actions: ['sendDeauth', assign({ token: null, unread: 0, last: null })] },
        // another login (new token): join again with it and recount
        'userEvents.start': { target: 'on', reenter: true, actions: assign({ token: ({ event }) => event.token }) },
        'userEvents.received': [
          {
            guard: 'announce',
            actions: [
              assign({ unread: ({ context }) => context.unread + 1, revision: ({ context }) => context.revision + 1, last: ({ event }) => event.event }),
              { type: 'notify', params: ({ event }) => ({ event: event.event }) },
              'refresh',
            ],
          },
          {
            actions: [
              assign({ unread: ({ context }) => context.unread + 1, revision: ({ context }) => context.revision + 1, last: ({ event }) => event.event }),
              'refresh',
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
