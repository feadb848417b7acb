import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkModel } from '../pathRunner.ts';
import { model, provide } from './session.model.ts';
import { user, userInfo } from '../fixtures.ts';

describe('session machine: generated paths', () => checkModel(model));

describe('session machine: forced logout', () => {
  const start = () => {
    const recorded: string[] = [];
    const actor = createActor(
      provide((w) => recorded.push(w)),
      { input: { signedIn: true, user, book: 'demo' } },
    ).start();
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
    expect(actor.getSnapshot().context.user).toBeNull();
  });
  it('logging out calls the service, then clears the session and goes to the login screen', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'session.logout' });
    expect(recorded.at(-1)).toBe('logoutRemote');
    actor.send({ type: 'xstate.error.actor.logoutRemote', error: new Error('offline') } as never);
    expect(actor.getSnapshot().matches({ auth: 'loggedOut' })).toBe(true);
    expect(recorded.slice(-2)).toEqual(['clearSession', 'goToLogin']);
  });
  it('switching mode stores it and says so', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'session.useReal' });
    actor.send({ type: 'session.useReal' });
    actor.send({ type: 'session.useDemo' });
    expect(recorded.filter((r) => r.startsWith('storeBook') || r.startsWith('notify'))).toEqual([
      'storeBook:real',
      'notify:session.switchedReal',
      'storeBook:demo',
      'notify:session.switchedDemo',
    ]);
  });
  it('user info from getUserInfo is stored', () => {
    const { actor, recorded } = start();
    expect(recorded).toContain('storeUser:alice');
    expect(actor.getSnapshot().context.account?.balances.demo.totalUsdt).toBe('100000');
  });
});
