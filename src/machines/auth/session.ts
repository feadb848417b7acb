import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult, UserInfoResult, UserProfile } from '../../contract/auth.ts';
import type { Book } from '../../contract/constants.ts';

/**
 * The session (docs/frontend.md, "Actors" and "Session token and book"): logged out ↔ logged in,
 * a 401 forces a logout, and the book (demo or real) is a parallel region. The token is not kept here: `storeSession` hands
 * it to its one owner (the settings store, supplied at the root) and `clearSession` removes it.
 * Storage, navigation, toasts and forgetting the user's cached data are named actions supplied
 * with `.provide()` at the app root.
 */
export interface SessionInput {
  /** a stored session exists (token and login flag) */
  signedIn: boolean;
  user: UserProfile | null;
  book: Book;
}
export interface SessionContext {
  user: UserProfile | null;
  /** balances of both books, from getUserInfo */
  account: UserInfoResult | null;
  /** the stored session and book at start (the regions are the truth afterwards) */
  startsSignedIn: boolean;
  startsReal: boolean;
}
export type SessionEvent =
  | { type: 'session.loggedIn'; result: LoginResult }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized'; http: boolean }
  | { type: 'session.refresh' }
  | { type: 'session.useDemo' }
  | { type: 'session.useReal' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchUserInfo: fromPromise<UserInfoResult>(async () => {
      throw new Error('fetchUserInfo not provided');
    }),
    logoutRemote: fromPromise<void>(async () => {}),
  },
  actions: {
    storeSession: (_, _params: { token: string; user: UserProfile }) => {},
    storeUser: (_, _params: { user: UserProfile }) => {},
    clearSession: () => {},
    clearAllStorage: () => {},
    storeBook: (_, _params: { book: Book }) => {},
    goToLogin: () => {},
    forget: assign({ user: null, account: null }),
    notify: (_, _params: { key: string }) => {},
  },
  guards: {
    startsSignedIn: ({ context }) => context.startsSignedIn,
    startsReal: ({ context }) => context.startsReal,
    isHttp: ({ event }) => event.type === 'session.unauthorized' && event.http,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => ({
    user: input.user,
    account: null,
    startsSignedIn: input.signedIn,
    startsReal: input.book === 'real',
  }),
  states: {
    auth: {
      initial: 'booting',
      states: {
        booting: {
          always: [{ guard: 'startsSignedIn', target: 'loggedIn' }, { target: 'loggedOut' }],
        },
        loggedOut: {
          on: {
            'session.loggedIn': {
              // straight to syncing: the balances of both books come from getUserInfo
              target: 'loggedIn',
              actions: [
                assign({ user: ({ event }) => event.result.user }),
                { type: 'storeSession', params: ({ event }) => ({ token: event.result.token, user: event.result.user }) },
              ],
            },
            // a protected call made while logged out still leads to the login screen
            'session.unauthorized': [{ guard: 'isHttp', actions: ['clearAllStorage', 'goToLogin'] }, { actions: 'goToLogin' }],
          },
        },
        loggedIn: {
          initial: 'syncing',
          states: {
            syncing: {
              tags: ['busy'],
              invoke: {
                id: 'fetchUserInfo',
                src: 'fetchUserInfo',
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({ account: ({ event }) => event.output, user: ({ event }) => event.output.user }),
                    { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
                  ],
                },
                // a 401 arrives as session.unauthorized from the API service; other failures keep the session
                onError: { target: 'ready' },
              },
            },
            ready: {
              on: { 'session.refresh': 'syncing' },
            },
            leaving: {
              tags: ['busy'],
              // a second click while the logout call runs does not start another
              on: { 'session.logout': { actions: [] } },
              invoke: {
                id: 'logoutRemote',
                src: 'logoutRemote',
                // the local session ends whether or not the service answered
                onDone: { target: '#session.auth.loggedOut', actions: ['clearSession', 'forget', 'goToLogin'] },
                onError: { target: '#session.auth.loggedOut', actions: ['clearSession', 'forget', 'goToLogin'] },
              },
            },
          },
          on: {
            'session.logout': '.leaving',
            'session.unauthorized': [
              {
                guard: 'isHttp',
                target: 'loggedOut',
                actions: [
                  'clearSession',
                  'clearAllStorage',
                  'forget',
                  { type: 'notify', params: { key: 'session.expired' } },
                  'goToLogin',
                ],
              },
              {
                target: 'loggedOut',
                actions: ['clearSession', 'forget', { type: 'notify', params: { key: 'session.expired' } }, 'goToLogin'],
              },
            ],
          },
        },
      },
    },
    mode: {
      initial: 'booting',
      states: {
        booting: {
          always: [{ guard: 'startsReal', target: 'real' }, { target: 'demo' }],
        },
        demo: {
          tags: ['demo'],
          on: {
            'session.useReal': {
              target: 'real',
              actions: [
                { type: 'storeBook', params: { book: 'real' } },
                { type: 'notify', params: { key: 'session.switchedReal' } },
              ],
            },
          },
        },
        real: {
          on: {
            'session.useDemo': {
              target: 'demo',
              actions: [
                { type: 'storeBook', params: { book: 'demo' } },
                { type: 'notify', params: { key: 'session.switchedDemo' } },
              ],
            },
          },
        },
      },
    },
  },
});
