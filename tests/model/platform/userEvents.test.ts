import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { parseUserEvent } from '../../../src/services/platform/userEventCheck.ts';
import { checkModel } from '../pathRunner.ts';
import { approved, model, provide, socketCommands, submitted } from './userEvents.model.ts';

describe('userEvents machine: generated paths', () => checkModel(model));

describe('userEvents machine: behaviour', () => {
  const start = () => {
    const recorded: string[] = [];
    const actor = createActor(provide((w) => recorded.push(w))).start();
    return { actor, recorded };
  };
  it('joins on login, again after every reconnect, and leaves on logout', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'userEvents.socketOpen' }); // logged out: nothing to join
    actor.send({ type: 'userEvents.start' });
    actor.send({ type: 'userEvents.authResult', ok: true });
    actor.send({ type: 'userEvents.socketOpen' });
    expect(actor.getSnapshot().hasTag('listening')).toBe(false);
    actor.send({ type: 'userEvents.authResult', ok: true });
    actor.send({ type: 'userEvents.start' }); // another session replaced this one
    actor.send({ type: 'userEvents.stop' });
    expect(socketCommands(recorded)).toEqual(['auth', 'auth', 'auth', 'deauth']);
  });
  it('after a reconnect while joined, marks everything stale and recounts (missed events are not replayed); not after a first join', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'userEvents.start' });
    actor.send({ type: 'xstate.done.actor.fetchUnread', output: 2 } as never);
    actor.send({ type: 'userEvents.socketOpen' }); // the first open after login: a plain join
    actor.send({ type: 'userEvents.authResult', ok: true });
    expect(recorded).not.toContain('resync');
    actor.send({ type: 'userEvents.socketOpen' }); // dropped and back while listening
    actor.send({ type: 'userEvents.socketOpen' }); // dropped again before the join was answered
    expect(recorded.filter((x) => x === 'resync')).toHaveLength(0);
    actor.send({ type: 'userEvents.authResult', ok: true });
    expect(actor.getSnapshot().hasTag('listening')).toBe(true);
    expect(recorded.filter((x) => x === 'resync')).toHaveLength(1);
    expect(recorded.filter((x) => x === 'fetchUnread')).toHaveLength(2);
    actor.send({ type: 'userEvents.socketOpen' });
    actor.send({ type: 'userEvents.authResult', ok: false }); // the session is gone: nothing to refresh
    expect(recorded.filter((x) => x === 'resync')).toHaveLength(1);
  });
  it('counts unread from the service, then every event heard; invalidates what each changed; announces review outcomes', () => {
    const { actor, recorded } = start();
    actor.send({ type: 'userEvents.start' });
    actor.send({ type: 'xstate.done.actor.fetchUnread', output: 2 } as never);
    actor.send({ type: 'userEvents.received', event: submitted });
    actor.send({ type: 'userEvents.received', event: approved });
    expect(actor.getSnapshot().context).toMatchObject({ unread: 4, last: approved });
    expect(recorded.filter((x) => x.startsWith('invalidate:') || x.startsWith('notify:'))).toEqual([
      'invalidate:withdrawal.submitted',
      'invalidate:deposit.approved',
      'notify:deposit.approved',
    ]);
    actor.send({ type: 'userEvents.unread', unread: 0 });
    expect(actor.getSnapshot().context.unread).toBe(0);
    actor.send({ type: 'userEvents.stop' });
    actor.send({ type: 'userEvents.received', event: approved }); // a late event after logout is ignored
    expect(actor.getSnapshot().context).toMatchObject({ unread: 0, last: null });
    expect(recorded.filter((x) => x.startsWith('invalidate:'))).toHaveLength(2);
  });
});

describe('user event messages from the socket', () => {
  it('accepts the documented shape and drops anything else', () => {
    expect(parseUserEvent({ kind: 'deposit.approved', params: { amount: '1' }, refType: 'deposit', refId: '5', id: 7 })).toEqual({
      kind: 'deposit.approved',
      params: { amount: '1' },
      refType: 'deposit',
      refId: '5',
      id: '7',
    });
    expect(parseUserEvent({ kind: 'x', params: [1, 2] })).toEqual({
      kind: 'x',
      params: {},
      refType: null,
      refId: null,
      id: undefined,
    });
    for (const bad of [null, 'deposit.approved', 42, [], { params: {} }, { kind: 5 }, { kind: 'k'.repeat(61) }])
      expect(parseUserEvent(bad)).toBeNull();
  });
});
