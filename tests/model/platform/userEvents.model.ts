import { expect } from 'vitest';
import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { userEventsMachine, type UserEvent, type UserSocketCommand } from '../../../src/machines/platform/userEvents.ts';
import { defineModel, type Assertions } from '../paths.ts';

/**
 * The user-events actor: generated paths (xstate/graph) over login/logout, socket (re)opens, auth
 * results, live events and the unread count, each replayed on a real actor with stubbed effects.
 */
export const provide = (record: (w: string) => void) =>
  userEventsMachine.provide({
    actors: {
      socket: fromCallback<UserSocketCommand>(({ receive }) => {
        record('socket.start');
        receive((cmd) => record(cmd.type === 'socket.auth' ? 'auth' : 'deauth'));
      }),
      // never settles on its own: the fixtures deliver done/error
      fetchUnread: fromPromise<number>(() => (record('fetchUnread'), new Promise<number>(() => {}))),
    },
    actions: {
      notify: (_, p) => record(`notify:${p.event.kind}`),
      invalidate: (_, p) => record(`invalidate:${p.kind}`),
      resync: () => record('resync'),
    },
  });

export const approved: UserEvent = {
  kind: 'deposit.approved',
  params: { id: '9', coin: 'USDT', amount: '150.000000' },
  refType: 'deposit',
  refId: '9',
  id: '31',
};
export const chat: UserEvent = {
  kind: 'support.message',
  params: { conversationId: '3', messageId: '8', author: 'operator' },
  refType: 'support_conversation',
  refId: '3',
};
export const submitted: UserEvent = {
  kind: 'withdrawal.submitted',
  params: { id: '4', coin: 'BTC', amount: '0.01000000', receiveAmount: '0.00950000' },
  refType: 'withdrawal',
  refId: '4',
  id: '32',
};
const events = [
  { type: 'userEvents.start' },
  { type: 'userEvents.stop' },
  { type: 'userEvents.socketOpen' },
  { type: 'userEvents.authResult', ok: true },
  { type: 'userEvents.authResult', ok: false },
  { type: 'userEvents.received', event: approved },
  { type: 'userEvents.received', event: submitted },
  { type: 'userEvents.received', event: chat },
  { type: 'userEvents.unread', unread: 5 },
  { type: 'userEvents.recount' },
  { type: 'xstate.done.actor.fetchUnread', output: 3 },
  { type: 'xstate.error.actor.fetchUnread', error: new Error('offline') },
] as const;

type Snap = SnapshotFrom<typeof userEventsMachine>;
export const socketCommands = (r: string[]) => r.filter((x) => x === 'auth' || x === 'deauth');

const common = (s: Snap, r: string[]) => {
  expect(r[0]).toBe('socket.start');
  expect(r.filter((x) => x === 'socket.start')).toHaveLength(1);
  // announced events are review outcomes only, and what one changed was marked stale before it was told
  r.forEach((x, i) => {
    if (!x.startsWith('notify:')) return;
    expect(x.endsWith('.submitted')).toBe(false);
    // chat messages have their own badge: never a toast
    expect(x.startsWith('notify:support.')).toBe(false);
    expect(r[i - 1]).toBe(`invalidate:${x.slice('notify:'.length)}`);
  });
  expect(s.context.unread).toBeGreaterThanOrEqual(0);
  // a resync follows a join (the auth sent on a reconnect) and comes with a recount unless one is under way
  r.forEach((x, i) => {
    if (x !== 'resync') return;
    expect(r.slice(0, i).filter((y) => y === 'auth').length).toBeGreaterThanOrEqual(2);
  });
};
const joined = (s: Snap, r: string[]) => {
  common(s, r);
  // the channel is joined (the socket adds the session's token) and not left since
  expect(socketCommands(r).at(-1)).toBe('auth');
  // every event heard in this session invalidated what it changed; the last one is kept
  const sinceJoin = r.slice(r.lastIndexOf('deauth') + 1).filter((x) => x.startsWith('invalidate:'));
  expect(s.context.last ? `invalidate:${s.context.last.kind}` : undefined).toBe(sinceJoin.at(-1));
};
const linkStates = {
  authenticating: (s: Snap, r: string[]) => {
    joined(s, r);
    expect(s.hasTag('listening')).toBe(false);
  },
  listening: (s: Snap, r: string[]) => {
    joined(s, r);
    expect(s.hasTag('listening')).toBe(true);
  },
  rejoining: (s: Snap, r: string[]) => {
    joined(s, r);
    expect(s.hasTag('listening')).toBe(false);
  },
  refused: (s: Snap, r: string[]) => {
    joined(s, r);
    expect(s.hasTag('listening')).toBe(false);
  },
};
const badgeStates = {
  counting: (_s: Snap, r: string[]) => expect(r.filter((x) => x === 'fetchUnread').length).toBeGreaterThan(0),
  ready: (_s: Snap, r: string[]) => expect(r.filter((x) => x === 'fetchUnread').length).toBeGreaterThan(0),
};
const assertions: Assertions<typeof userEventsMachine> = {
  off: (s, r) => {
    common(s, r);
    expect(s.context.last).toBeNull();
    expect(s.context.unread).toBe(0);
    // a channel once joined was left
    if (socketCommands(r).length) expect(socketCommands(r).at(-1)).toBe('deauth');
  },
};
for (const [link, a] of Object.entries(linkStates)) {
  for (const [badge, b] of Object.entries(badgeStates)) {
    assertions[`on:badge.${badge}|on:link.${link}`] = (s, r) => {
      a(s, r);
      b(s, r);
    };
  }
}

export const model = defineModel({
  machine: userEventsMachine,
  events,
  assertions,
  provide,
  expected: { states: 9, minPaths: 21 },
});
