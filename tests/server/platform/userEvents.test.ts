/**
 * Live user events end to end: a user's authenticated /ws socket hears the status changes of
 * their own deposits and withdrawals (submitted through the API, reviewed by an operator through
 * /admin-api) as {"type":"user","event":{kind, params, refType, refId, id}}, the same rows as
 * listNotifications; another user's socket hears nothing of it; leaving the channel (the app's
 * logout sends an empty token) stops the stream. Runs on PGlite and PostgreSQL. Each test has
 * its own users and sockets; they share only the operator and the receive address.
 *
 * Silence is proven by a later event, not by waiting: the bus hands each message to a socket's
 * queue in the order it was published, so once a socket hears a marker published after the
 * events it must not hear, those would have arrived before the marker (`heardBeforeMarker`). A
 * socket on no channel cannot hear a marker: a witness socket joined to the channel hears the
 * event, and the bus's subscriptions show that the others never joined one.
 */
import { Errors } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, useTestApp } from '../helpers.ts';
import { WsProbe, isArray } from '../wsClient.ts';
import {
  ADDR,
  adminCall,
  createUser,
  fund,
  hash,
  real,
  recharge,
  rechargeFields,
  type TestUser,
} from '../wallet/walletFixtures.ts';
import { WS_PATH, WsUserEvent } from '../../../src/contract/ws.ts';
import { UserEventSchema } from '../../../src/contract/userEvents.ts';
import { notifications } from '../../../server/platform/realtime/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';

const t = useTestApp();
let op: TestUser;
type UserMsg = {
  type: 'user';
  event: { kind: string; params: Record<string, unknown>; refType: string | null; refId: string | null; id: string };
};
const isUser = (m: unknown): m is UserMsg => (m as { type?: string })?.type === 'user';
const isEvent = (kind: string) => (m: unknown) => isUser(m) && m.event.kind === kind;

/** Sockets opened by the running test, closed after it. */
let open: WsProbe[] = [];
async function connect(): Promise<WsProbe> {
  let probe: WsProbe | undefined;
  await t.app.injectWS(WS_PATH, {}, { onInit: (ws) => (probe = new WsProbe(ws)) });
  await probe!.next(isArray);
  open.push(probe!);
  return probe!;
}
async function join(p: WsProbe, token: string): Promise<{ ok: boolean; code?: number }> {
  const answer = p.upcoming<{ ok: boolean; code?: number }>((m) => m?.type === 'auth');
  p.send({ type: 'auth', token });
  return answer;
}
/** A new user with a socket on their channel. */
async function listeningUser(): Promise<{ user: TestUser; socket: WsProbe }> {
  const user = await createUser(t.app);
  const socket = await connect();
  expect((await join(socket, user.token)).ok).toBe(true);
  return { user, socket };
}
const userEvents = (p: WsProbe) => p.messages.filter(isUser).map((m) => m.event);
/**
 * The user events `socket` heard before a marker: `user` (the socket's user) submits a deposit
 * claim, published after everything the test did before, and the socket hears it.
 */
async function heardBeforeMarker(socket: WsProbe, user: TestUser) {
  const res = body(await recharge(t.app, user, rechargeFields()));
  expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
  const isMarker = (e: UserMsg['event']) => e.kind === 'deposit.submitted' && e.refId === res.result.id;
  await socket.next((m) => isUser(m) && isMarker(m.event));
  const heard = userEvents(socket);
  return heard.slice(0, heard.findIndex(isMarker));
}

beforeAll(async () => {
  op = await createUser(t.app, 'operator');
  expect(
    (await adminCall(t.app, op, 'POST', '/deposit-addresses', { coin: 'USDT', network: 'TRC20', address: ADDR.TRON })).code,
  ).toBe(Ok.SUCCESS);
});
/** What the wire schema finds wrong with a message (src/contract/userEvents.ts), by field. */
const wrong = (schema: typeof WsUserEvent | typeof UserEventSchema, m: unknown) =>
  Errors(schema, m).map((e) => `${e.instancePath} ${e.message}`);
afterEach(() => {
  // every event heard is one of the union, as the wire schema checks it
  for (const p of open) for (const m of p.messages.filter(isUser)) expect(wrong(WsUserEvent, m), JSON.stringify(m)).toEqual([]);
  for (const p of open) p.ws.terminate();
  open = [];
});
afterAll(async () => {
  // and so is every notification written meanwhile (the rows the bell lists)
  const rows = await t.app.db.select().from(notifications);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    const ev = { kind: r.kind, params: r.params, refType: r.refType, refId: r.refId, id: r.id.toString() };
    expect(wrong(UserEventSchema, ev), JSON.stringify(ev)).toEqual([]);
  }
});

describe('user events on the websocket', () => {
  it('a bad or foreign token joins nothing', async () => {
    const { user: alice, socket: witness } = await listeningUser();
    // a socket may look a session up once every few seconds (AUTH_INTERVAL_MS): one socket per token
    const sockets: WsProbe[] = [];
    const joined = vi.spyOn(t.app.bus, 'subscribe');
    try {
      for (const token of ['', 'x'.repeat(200), "' OR 1=1; --", '<script>alert(1)</script>', op.token.slice(0, -1)]) {
        const a = await connect();
        sockets.push(a);
        expect(await join(a, token)).toEqual({ type: 'auth', ok: false, code: Err.LOGIN_REQUIRED });
      }
      expect(joined.mock.calls.map(([channel]) => channel)).toEqual([]); // no socket joined any channel
    } finally {
      joined.mockRestore();
    }
    // alice's event went out to her channel (her own socket hears it), and reached none of them
    const submitted = witness.upcoming(isEvent('deposit.submitted'));
    expect(body(await recharge(t.app, alice, rechargeFields())).code).toBe(Ok.RECHARGE_SUBMITTED);
    await submitted;
    for (const a of sockets) expect(userEvents(a)).toEqual([]);
  });

  it('deposit submitted through the API, approved by an operator: the owner hears both, with the refId', async () => {
    const { user: alice, socket: a } = await listeningUser();
    const { user: bob, socket: b } = await listeningUser();

    const submittedMsg = a.upcoming<UserMsg>(isEvent('deposit.submitted'));
    const res = body(await recharge(t.app, alice, rechargeFields({ amount: '200' })));
    expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
    const depositId: string = res.result.id;
    const submitted = (await submittedMsg).event;
    expect(submitted).toMatchObject({
      kind: 'deposit.submitted',
      refType: 'deposit',
      refId: depositId,
      params: { id: depositId, coin: 'USDT' },
    });

    const approvedMsg = a.upcoming<UserMsg>(isEvent('deposit.approved'));
    const approved = await adminCall(t.app, op, 'POST', `/deposits/${depositId}/approve`, {});
    expect(approved.code).toBe(Ok.SUCCESS);
    const ev = (await approvedMsg).event;
    expect(ev).toMatchObject({
      kind: 'deposit.approved',
      refType: 'deposit',
      refId: depositId,
      params: { id: depositId, coin: 'USDT', amount: '200.000000' },
    });
    expect(ev.id).toMatch(/^\d+$/);

    // the event is the notification row the app lists (same id, kind and reference), still unread
    const list = body(await t.app.inject({ url: '/swx/customer/user/listNotifications', headers: real(alice) }));
    const row = list.result.rows.find((n: { id: string }) => n.id === String(ev.id));
    expect(row).toMatchObject({ kind: 'deposit.approved', refId: depositId, read: false });
    expect(list.result.unread).toBe(2); // submitted and approved
    // and the balance the app reloads on it has the credit
    const balances = body(await t.app.inject({ url: '/swx/customer/user/balances', headers: real(alice) }));
    expect(balances.result.assets.find((x: { asset: string }) => x.asset === 'USDT').available).toBe('200.000000');

    // the other user heard nothing of alice's money, and alice heard each event once
    expect(await heardBeforeMarker(b, bob)).toEqual([]);
    expect((await heardBeforeMarker(a, alice)).map((e) => e.kind)).toEqual(['deposit.submitted', 'deposit.approved']);
  });

  it("a rejection reaches the owner with the operator's reason, and only the owner", async () => {
    const { user: alice, socket: a } = await listeningUser();
    const { user: bob, socket: b } = await listeningUser();
    await fund(t.app, bob.id, 'USDT', '50');
    const submittedMsg = b.upcoming<UserMsg>(isEvent('withdrawal.submitted'));
    const w = body(
      await t.app.inject({
        method: 'POST',
        url: '/swx/customer/user/withdrawal',
        headers: real(bob),
        payload: { method: 'USDT-TRC20', address: ADDR.TRON, amount: '20' },
      }),
    );
    expect(w.code).toBe(Ok.WITHDRAWAL_SUBMITTED);
    expect((await submittedMsg).event).toMatchObject({
      refType: 'withdrawal',
      refId: w.result.id,
      params: { amount: '20.000000', receiveAmount: '19.800000' },
    });
    const rejectedMsg = b.upcoming<UserMsg>(isEvent('withdrawal.rejected'));
    expect(
      (await adminCall(t.app, op, 'POST', `/withdrawals/${w.result.id}/reject`, { reason: 'Address <b>flagged</b>' })).code,
    ).toBe(Ok.SUCCESS);
    expect((await rejectedMsg).event).toMatchObject({ refId: w.result.id, params: { reason: 'Address <b>flagged</b>' } });
    expect(await heardBeforeMarker(a, alice)).toEqual([]);
  });

  it('leaving the channel (empty token, as the app does on logout) stops the stream; a new socket joins again', async () => {
    const { user: alice, socket: a } = await listeningUser();
    // a second socket of alice's stays on the channel: it hears what `a` would have heard
    const witness = await connect();
    expect((await join(witness, alice.token)).ok).toBe(true);
    expect(await join(a, '')).toEqual({ type: 'auth', ok: false, code: Err.LOGIN_REQUIRED });
    const submitted = witness.upcoming(isEvent('deposit.submitted'));
    const res = body(await recharge(t.app, alice, rechargeFields({ amount: '130', txHash: hash() })));
    expect(res.code).toBe(Ok.RECHARGE_SUBMITTED);
    await submitted;
    expect(userEvents(a)).toEqual([]);
    // a reconnect is a new socket: it hears only after it authenticates again
    const again = await connect();
    expect((await join(again, alice.token)).ok).toBe(true);
    const rejected = again.upcoming<UserMsg>(isEvent('deposit.rejected'));
    const witnessed = witness.upcoming(isEvent('deposit.rejected'));
    expect(
      (await adminCall(t.app, op, 'POST', `/deposits/${res.result.id}/reject`, { reason: 'Hash not found on chain' })).code,
    ).toBe(Ok.SUCCESS);
    expect((await rejected).event).toMatchObject({ refId: res.result.id, params: { reason: 'Hash not found on chain' } });
    await witnessed;
    expect(userEvents(a)).toEqual([]);
  });
});
