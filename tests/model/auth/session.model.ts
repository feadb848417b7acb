import { expect } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionInput } from '../../../src/machines/auth/session.ts';
import { defineModel, type Assertions } from '../paths.ts';
import { user, userInfo } from '../fixtures.ts';
import type { UserInfoResult } from '../../../src/contract/auth.ts';

/**
 * The session: generated paths over login/logout, 401s (HTTP and body code), refresh and the
 * demo/real mode, with the user-info and logout calls' results delivered as fixtures; walked from
 * a stored demo session, from no session, and from a stored real session.
 */
type Snap = SnapshotFrom<typeof sessionMachine>;

export const provide = (record: (w: string) => void) =>
  sessionMachine.provide({
    actors: {
      // never settle on their own: the fixtures below deliver done/error events
      fetchUserInfo: fromPromise<UserInfoResult>(() => (record('fetchUserInfo'), new Promise<UserInfoResult>(() => {}))),
      logoutRemote: fromPromise<void>(() => (record('logoutRemote'), new Promise<void>(() => {}))),
    },
    actions: {
      storeSession: (_, p) => record(`storeSession:${p.token}`),
      storeUser: (_, p) => record(`storeUser:${p.user.username}`),
      clearSession: () => record('clearSession'),
      clearAllStorage: () => record('clearAllStorage'),
      storeBook: (_, p) => record(`storeBook:${p.book}`),
      goToLogin: () => record('goToLogin'),
      notify: (_, p) => record(`notify:${p.key}`),
    },
  });

const events = [
  { type: 'session.loggedIn', result: { token: 'tok-2', user } },
  { type: 'session.logout' },
  { type: 'session.unauthorized', http: true },
  { type: 'session.unauthorized', http: false },
  { type: 'session.refresh' },
  { type: 'session.useDemo' },
  { type: 'session.useReal' },
  { type: 'xstate.done.actor.fetchUserInfo', output: userInfo },
  { type: 'xstate.error.actor.fetchUserInfo', error: new Error('offline') },
  { type: 'xstate.done.actor.logoutRemote', output: undefined },
  { type: 'xstate.error.actor.logoutRemote', error: new Error('offline') },
] as const;

/** The last book the machine stored must be the book it is in (or none stored: the input's). */
const modeMatches = (s: Snap, recorded: string[], startReal: boolean) => {
  const last = recorded.filter((r) => r.startsWith('storeBook:')).at(-1);
  const real = last ? last === 'storeBook:real' : startReal;
  expect(s.hasTag('demo')).toBe(!real);
  expect(s.matches({ mode: real ? 'real' : 'demo' })).toBe(true);
};

/** Index of the last effect that only happens while logged in (-1: never logged in on this path). */
const lastLoggedIn = (r: string[]) => r.findLastIndex((x) => x === 'fetchUserInfo' || x.startsWith('storeSession:'));

/**
 * The token as its owner (the settings store) holds it after these effects: the machine keeps no
 * copy, it only hands the token over (storeSession) and has it removed (clearSession, clearAllStorage).
 */
const storedToken = (r: string[], signedIn: boolean): string | null =>
  r.reduce<string | null>(
    (token, x) =>
      x.startsWith('storeSession:')
        ? x.slice('storeSession:'.length)
        : x === 'clearSession' || x === 'clearAllStorage'
          ? null
          : token,
    signedIn ? 'stored' : null,
  );

function assertionsFor(startReal: boolean, signedIn: boolean): Assertions<typeof sessionMachine> {
  const loggedOut = (s: Snap, r: string[]) => {
    expect(storedToken(r, signedIn)).toBeNull();
    expect(s.context.user).toBeNull();
    expect(s.context.account).toBeNull();
    // leaving a session cleared it and then went to the login screen, after the last sign of being logged in
    const since = lastLoggedIn(r);
    if (since >= 0) {
      const after = r.slice(since + 1);
      const cleared = after.indexOf('clearSession');
      expect(cleared, 'session cleared after being logged in').toBeGreaterThanOrEqual(0);
      expect(after.slice(cleared + 1), 'login screen shown after clearing').toContain('goToLogin');
    }
    modeMatches(s, r, startReal);
  };
  const syncing = (s: Snap, r: string[]) => {
    expect(storedToken(r, signedIn)).not.toBeNull();
    expect(r.filter((x) => x === 'fetchUserInfo').length).toBeGreaterThan(0);
    expect(s.hasTag('busy')).toBe(true);
    modeMatches(s, r, startReal);
  };
  const ready = (s: Snap, r: string[]) => {
    expect(storedToken(r, signedIn)).not.toBeNull();
    expect(s.context.user).not.toBeNull();
    expect(s.hasTag('busy')).toBe(false);
    modeMatches(s, r, startReal);
  };
  const leaving = (s: Snap, r: string[]) => {
    expect(r).toContain('logoutRemote');
    expect(storedToken(r, signedIn)).not.toBeNull();
    modeMatches(s, r, startReal);
  };
  const out: Assertions<typeof sessionMachine> = {};
  for (const mode of ['demo', 'real']) {
    out[`auth:loggedOut|mode:${mode}`] = loggedOut;
    out[`auth:loggedIn.syncing|mode:${mode}`] = syncing;
    out[`auth:loggedIn.ready|mode:${mode}`] = ready;
    out[`auth:loggedIn.leaving|mode:${mode}`] = leaving;
  }
  return out;
}

const inputs: [string, SessionInput][] = [
  ['stored session, demo', { signedIn: true, user, book: 'demo' }],
  ['no session, demo', { signedIn: false, user: null, book: 'demo' }],
  ['stored session, real', { signedIn: true, user, book: 'real' }],
];

export const model = defineModel(
  ...inputs.map(([name, input]) => ({
    name,
    machine: sessionMachine,
    input,
    events,
    assertions: assertionsFor(input.book === 'real', input.signedIn),
    provide,
    expected: { states: 8, minPaths: 9 },
  })),
);
