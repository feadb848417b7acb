import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine, type SessionInput } from '../../src/machines/session.ts';
import { checkModel, type Assertions } from './pathRunner.ts';
import { user, userInfo } from './fixtures.ts';
import type { UserInfoResult } from '../../src/contract/auth.ts';

type Snap = ReturnType<ReturnType<typeof createActor<typeof sessionMachine>>['getSnapshot']>;

const provide = (record: (w: string) => void) =>
  sessionMachine.provide({
    actors: {
      // never settle on their own: the fixtures below deliver done/error events
      fetchUserInfo: fromPromise<UserInfoResult>(() => (record('fetchUserInfo'), new Promise<UserInfoResult>(() => {}))),
      logoutRemote: fromPromise<void, { token: string | null }>(() => (record('logoutRemote'), new Promise<void>(() => {}))),
    },
    actions: {
      storeSession: (_, p) => record(`storeSession:${p.token}`),
      storeUser: (_, p) => record(`storeUser:${p.user.username}`),
      clearSession: () => record('clearSession'),
      clearAllStorage: () => record('clearAllStorage'),
      storeMode: (_, p) => record(`storeMode:${p.virtualStatus}`),
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

/** The last mode the machine stored must be the mode it is in (or none stored: the input's). */
const modeMatches = (s: Snap, recorded: string[], startReal: boolean) => {
  const last = recorded.filter((r) => r.startsWith('storeMode:')).at(-1);
  const real = last ? last === 'storeMode:0' : startReal;
  expect(s.hasTag('demo')).toBe(!real);
  expect(s.matches({ mode: real ? 'real' : 'demo' })).toBe(true);
};

function assertionsFor(startReal: boolean): Assertions<typeof sessionMachine> {
  const loggedOut = (s: Snap, r: string[]) => {
    expect(s.context.token).toBeNull();
    expect(s.context.user).toBeNull();
    expect(s.context.account).toBeNull();
    // leaving a session always cleared storage and went to the login screen
    if (r.includes('fetchUserInfo') || r.some((x) => x.startsWith('storeSession'))) {
      expect(r).toContain('clearSession');
      expect(r.at(-1) === 'goToLogin' || r.includes('goToLogin')).toBe(true);
    }
    modeMatches(s, r, startReal);
  };
  const syncing = (s: Snap, r: string[]) => {
    expect(s.context.token).not.toBeNull();
    expect(r.filter((x) => x === 'fetchUserInfo').length).toBeGreaterThan(0);
    expect(s.hasTag('busy')).toBe(true);
    modeMatches(s, r, startReal);
  };
  const ready = (s: Snap, r: string[]) => {
    expect(s.context.token).not.toBeNull();
    expect(s.context.user).not.toBeNull();
    expect(s.hasTag('busy')).toBe(false);
    modeMatches(s, r, startReal);
  };
  const leaving = (s: Snap, r: string[]) => {
    expect(r).toContain('logoutRemote');
    expect(s.context.token).not.toBeNull();
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

describe('session machine: generated paths', () => {
  const inputs: [string, SessionInput][] = [
    ['stored token, demo', { token: 'tok-1', user, virtualStatus: 1 }],
    ['no token, demo', { token: null, user: null, virtualStatus: 1 }],
    ['stored token, real', { token: 'tok-1', user, virtualStatus: 0 }],
  ];
  for (const [name, input] of inputs) {
    it(`covers every transition (${name})`, () => {
      const r = checkModel({ machine: provide(() => {}), input, events, assertions: assertionsFor(input.virtualStatus === 0), provide });
      expect(r.paths).toBeGreaterThan(8);
      expect(r.states).toBe(8);
    });
  }
});

describe('session machine: forced logout', () => {
  const start = () => {
    const recorded: string[] = [];
    const actor = createActor(provide((w) => recorded.push(w)), { input: { token: 'tok', user, virtualStatus: 1 } }).start();
    actor.send({ type: 'xstate.done.actor.fetchUserInfo', output: userInfo } as never);
    return { actor, recorded };
  };
  it('HTTP 401 clears the session and all local storage, toasts, and goes to /pass/login', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'session.unauthorized', http: true });
    expect(actor.getSnapshot().matches({ auth: 'loggedOut' })).toBe(true);
    expect(recorded.slice(-4)).toEqual(['clearSession', 'clearAllStorage', 'notify:session.expired', 'goToLogin']);
  });
  it('body code 401 clears the session but not all storage', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'session.unauthorized', http: false });
    expect(recorded).not.toContain('clearAllStorage');
    expect(recorded.slice(-3)).toEqual(['clearSession', 'notify:session.expired', 'goToLogin']);
    expect(actor.getSnapshot().context.token).toBeNull();
  });
  it('switching mode stores it and says so', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'session.useReal' });
    actor.send({ type: 'session.useReal' });
    actor.send({ type: 'session.useDemo' });
    expect(recorded.filter((r) => r.startsWith('storeMode') || r.startsWith('notify'))).toEqual([
      'storeMode:0', 'notify:session.switchedReal', 'storeMode:1', 'notify:session.switchedDemo',
    ]);
  });
  it('user info from getUserInfo is stored', () => {
    const { actor, recorded } = start();
    expect(recorded).toContain('storeUser:alice');
    expect(actor.getSnapshot().context.account?.balances.demo.totalUsdt).toBe('100000');
  });
});
