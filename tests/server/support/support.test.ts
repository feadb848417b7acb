/**
 * The support chat (docs/support.md) and the invitee list, on PGlite and PostgreSQL: opening,
 * posting, the operator's reply arriving live over the websocket, privacy between customers, the
 * rate limit that writes nothing, image checks, closing, and the masked invitee list.
 */
import crypto from 'node:crypto';
import type { Socket } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/platform/audit/schema.ts';
import { supportAttachments, supportConversations, supportMessages } from '../../../server/support/schema.ts';
import { users } from '../../../server/platform/identity/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { WS_PATH } from '../../../src/contract/ws.ts';
import { maskName } from '../../../server/auth/invitees.ts';
import { body, useTestApp } from '../helpers.ts';
import { HTML, pngOf, pngWithText } from '../imageFixtures.ts';
import { codeFromOutbox, L, PASSWORD, U } from '../auth.helpers.ts';
import { adminCall, createUser, multipart, PNG, type TestUser } from '../wallet/walletFixtures.ts';
import { marketClock } from '../trading/tradingFixtures.ts';
import { WsProbe, isArray } from '../wsClient.ts';

const S = '/swx/customer/support';
const key = () => crypto.randomUUID();

describe('support chat', () => {
  // the per-minute window runs on the platform clock (docs/design.md, "Time")
  const clock = marketClock();
  const t = useTestApp(() => ({ supportMessagesPerMinute: 5, supportOpenMax: 2, clock: clock.now }));

  const call = async (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    body(await t.app.inject({ method, url: `${S}${url}`, headers: { authorization: u.token }, payload }));
  const open = (u: TestUser, text = 'Where is my deposit?', clientKey = key()) =>
    call(u, 'POST', '/openConversation', { text, clientKey });
  const send = (u: TestUser, conversationId: string, text: string, clientKey = key()) =>
    call(u, 'POST', '/sendMessage', { conversationId, text, clientKey });
  const sendImage = async (u: TestUser, fields: Record<string, string>, content?: Buffer) => {
    const m = multipart(fields, content ? { field: 'image', content } : undefined);
    return body(
      await t.app.inject({
        method: 'POST',
        url: `${S}/sendImage`,
        payload: m.payload,
        headers: { authorization: u.token, ...m.headers },
      }),
    );
  };
  const tally = async () => {
    const n = async (table: typeof supportMessages | typeof supportConversations | typeof supportAttachments) =>
      (await t.app.db.select({ n: count() }).from(table))[0]!.n;
    return {
      conversations: await n(supportConversations),
      messages: await n(supportMessages),
      attachments: await n(supportAttachments),
    };
  };
  async function connect(u: TestUser): Promise<WsProbe> {
    let probe: WsProbe | undefined;
    await t.app.injectWS(
      WS_PATH,
      { socket: { remoteAddress: '127.0.0.1' } as Socket, headers: {} },
      { onInit: (ws) => (probe = new WsProbe(ws)) },
    );
    await probe!.next(isArray);
    const ok = probe!.upcoming<{ ok: boolean }>((m) => m?.type === 'auth');
    probe!.send({ type: 'auth', token: u.token });
    expect((await ok).ok).toBe(true);
    return probe!;
  }
  // The author's own message is announced to their sockets too (other tabs), and may arrive after
  // the operator's copy: a wait for a reply must name its author, not take the next message.
  const supportEvent =
    (kind: string, conversationId: string, author?: string) => (m: { type?: unknown; event?: unknown } | null | undefined) => {
      const event =
        m?.type === 'user' ? (m.event as { kind?: string; params?: { conversationId?: string; author?: string } }) : undefined;
      return (
        event?.kind === kind &&
        event.params?.conversationId === conversationId &&
        (author === undefined || event.params.author === author)
      );
    };

  it('a customer opens a conversation; the operator sees it queued, replies live over the websocket, and the customer reads it', async () => {
    const alice = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    const aliceWs = await connect(alice);
    const opWs = await connect(op);

    const opened = await open(alice, '  Where is my deposit?  ');
    expect(opened.code, opened.msg).toBe(Ok.SUCCESS);
    const c = opened.result.conversation;
    expect(c).toMatchObject({ subject: 'Where is my deposit?', status: 'open', lastAuthor: 'user', unread: 0 });
    expect(opened.result.messages).toEqual([
      expect.objectContaining({ author: 'user', text: 'Where is my deposit?', attachment: null }),
    ]);
    // the operators hear of it live
    await opWs.next(supportEvent('support.opened', c.id));

    const q = await adminCall(t.app, op, 'GET', '/support/conversations');
    const row = q.result.rows.find((r: { id: string }) => r.id === c.id);
    expect(row).toMatchObject({ username: alice.username, userId: alice.id.toString(), unread: 1, lastAuthor: 'user' });

    const second = await send(alice, c.id, 'It was 150 USDT on TRC20');
    expect(second.code, second.msg).toBe(Ok.SUCCESS);
    await opWs.next(supportEvent('support.message', c.id));

    // the reply reaches the customer's socket while it is written
    const live = aliceWs.upcoming<{ event: { kind: string; params: Record<string, string> } }>(
      supportEvent('support.message', c.id, 'operator'),
    );
    const reply = await adminCall(t.app, op, 'POST', `/support/conversations/${c.id}/messages`, {
      text: 'Found it, credited now.',
      clientKey: key(),
    });
    expect(reply.code, reply.msg).toBe(Ok.SUCCESS);
    expect(reply.result).toMatchObject({ author: 'operator', text: 'Found it, credited now.' });
    expect((await live).event.params).toMatchObject({ conversationId: c.id, messageId: reply.result.id, author: 'operator' });

    expect((await call(alice, 'GET', '/unread')).result).toEqual({ unread: 1 });
    const list = await call(alice, 'GET', '/listConversation');
    expect(list.result).toMatchObject({
      unread: 1,
      rows: [expect.objectContaining({ id: c.id, unread: 1, lastAuthor: 'operator' })],
    });
    const thread = await call(alice, 'GET', `/conversation/${c.id}`);
    expect(thread.result.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['user', 'Where is my deposit?'],
      ['user', 'It was 150 USDT on TRC20'],
      ['operator', 'Found it, credited now.'],
    ]);
    // reading it marked it read; the operator's counter went to zero when they answered
    expect((await call(alice, 'GET', '/unread')).result).toEqual({ unread: 0 });
    const adminThread = await adminCall(t.app, op, 'GET', `/support/conversations/${c.id}`);
    expect(adminThread.result.conversation).toMatchObject({ unread: 0, username: alice.username });
    // the customer never learns which operator answered
    expect(JSON.stringify(thread.result)).not.toContain(op.username);
    aliceWs.ws.terminate();
    opWs.ws.terminate();
  });

  it('another customer can neither read, write to, close nor see the attachments of a conversation', async () => {
    const alice = await createUser(t.app);
    const mallory = await createUser(t.app);
    const c = (await open(alice)).result.conversation;
    const img = await sendImage(alice, { conversationId: c.id, clientKey: key() }, PNG);
    expect(img.code, img.msg).toBe(Ok.SUCCESS);
    const before = await tally();
    expect((await call(mallory, 'GET', `/conversation/${c.id}`)).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await send(mallory, c.id, 'hello')).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await sendImage(mallory, { conversationId: c.id, clientKey: key() }, PNG)).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await call(mallory, 'POST', '/closeConversation', { id: c.id })).code).toBe(Err.RECORD_NOT_FOUND);
    const att = await t.app.inject({
      method: 'GET',
      url: `${S}/attachment/${img.result.attachment.id}`,
      headers: { authorization: mallory.token },
    });
    expect(body(att).code).toBe(Err.RECORD_NOT_FOUND);
    expect((await call(mallory, 'GET', '/listConversation')).result).toEqual({ rows: [], unread: 0 });
    expect(await tally()).toEqual(before);
    // customers cannot use the console's calls
    expect((await adminCall(t.app, mallory, 'GET', '/support/conversations')).code).toBe(Err.OPERATOR_ONLY);
    // nor can anyone without a session
    const anon = await t.app.inject({ method: 'GET', url: `${S}/listConversation` });
    expect(body(anon).code).toBe(Err.LOGIN_REQUIRED);
  });

  it('refuses a message past the per-minute limit and writes nothing; a retry of a sent message answers the first', async () => {
    const bob = await createUser(t.app);
    const c = (await open(bob)).result.conversation; // 1 of 5 this minute
    const k = key();
    const first = await send(bob, c.id, 'two', k);
    const retry = await send(bob, c.id, 'two', k);
    expect(retry.result).toEqual(first.result); // not counted again
    for (const text of ['three', 'four', 'five']) expect((await send(bob, c.id, text)).code).toBe(Ok.SUCCESS);
    const before = await tally();
    const refused = await send(bob, c.id, 'six');
    expect(refused.code).toBe(Err.SUPPORT_TOO_FAST);
    expect(refused.msg).toContain('5');
    expect((await sendImage(bob, { conversationId: c.id, clientKey: key() }, PNG)).code).toBe(Err.SUPPORT_TOO_FAST);
    expect((await open(bob)).code).toBe(Err.SUPPORT_TOO_FAST);
    expect(await tally()).toEqual(before);
    // the limit is per user: another customer still writes
    const carol = await createUser(t.app);
    expect((await open(carol)).code).toBe(Ok.SUCCESS);
    // the minute is the platform clock's: at its end bob is still refused, after it he writes again
    clock.ms(60_000);
    expect((await send(bob, c.id, 'six')).code).toBe(Err.SUPPORT_TOO_FAST);
    clock.ms(1);
    expect((await send(bob, c.id, 'six')).code).toBe(Ok.SUCCESS);
  });

  it('limits open conversations per customer and keeps closed ones read-only', async () => {
    const dan = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    const a = (await open(dan, 'first')).result.conversation;
    const b = (await open(dan, 'second')).result.conversation;
    const third = await open(dan, 'third');
    expect(third.code).toBe(Err.SUPPORT_TOO_MANY_OPEN);
    expect(third.msg).toContain('2');

    const closed = await adminCall(t.app, op, 'POST', `/support/conversations/${a.id}/close`);
    expect(closed.result).toMatchObject({ status: 'closed', closedBy: 'operator' });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, a.id));
    expect(audit).toMatchObject({ action: 'support.close', targetType: 'support_conversation', actorId: op.id });
    expect((await adminCall(t.app, op, 'POST', `/support/conversations/${a.id}/close`)).code).toBe(Err.STATUS_TRANSITION_DENIED);
    expect((await send(dan, a.id, 'still there?')).code).toBe(Err.SUPPORT_CONVERSATION_CLOSED);
    expect(
      (await adminCall(t.app, op, 'POST', `/support/conversations/${a.id}/messages`, { text: 'late', clientKey: key() })).code,
    ).toBe(Err.SUPPORT_CONVERSATION_CLOSED);
    // kept: still readable, in the closed queue
    expect((await call(dan, 'GET', `/conversation/${a.id}`)).result.messages).toHaveLength(1);
    const closedQueue = await adminCall(t.app, op, 'GET', '/support/conversations?status=closed');
    expect(closedQueue.result.rows.map((r: { id: string }) => r.id)).toContain(a.id);
    expect(
      (await adminCall(t.app, op, 'GET', '/support/conversations')).result.rows.map((r: { id: string }) => r.id),
    ).not.toContain(a.id);

    // the customer closes their own; then there is room for a new one
    expect((await call(dan, 'POST', '/closeConversation', { id: b.id })).result).toMatchObject({
      status: 'closed',
      closedBy: 'user',
    });
    expect((await open(dan, 'third')).code).toBe(Ok.SUCCESS);
  });

  it('checks attachments like deposit proofs: images only, re-encoded without metadata, served only to the owner and operators', async () => {
    const erin = await createUser(t.app);
    const op = await createUser(t.app, 'operator');
    const c = (await open(erin)).result.conversation;
    const before = await tally();
    expect((await sendImage(erin, { conversationId: c.id, clientKey: key() })).code).toBe(Err.UPLOAD_REQUIRED);
    expect((await sendImage(erin, { conversationId: c.id, clientKey: key() }, HTML)).code).toBe(Err.IMAGE_FORMAT_WRONG);
    expect((await sendImage(erin, { conversationId: c.id, clientKey: key() }, await pngOf(7000, 10))).code).toBe(
      Err.IMAGE_DIMENSIONS_TOO_LARGE,
    );
    expect((await sendImage(erin, { conversationId: c.id, clientKey: key(), extra: 'x' }, PNG)).code).toBe(Err.MALFORMED_REQUEST);
    expect(await tally()).toEqual(before);

    const secret = await pngWithText('GPS 51.5,-0.1 secret comment');
    const sent = await sendImage(erin, { conversationId: c.id, clientKey: key(), text: 'my screen' }, secret);
    expect(sent.code, sent.msg).toBe(Ok.SUCCESS);
    expect(sent.result).toMatchObject({
      author: 'user',
      text: 'my screen',
      attachment: { width: expect.any(Number), height: expect.any(Number) },
    });
    for (const viewer of [erin, op]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${S}/attachment/${sent.result.attachment.id}`,
        headers: { authorization: viewer.token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(res.rawPayload.includes(Buffer.from('secret comment'))).toBe(false);
    }
    const thread = await adminCall(t.app, op, 'GET', `/support/conversations/${c.id}`);
    expect(thread.result.messages.at(-1).attachment.id).toBe(sent.result.attachment.id);
  });

  it('lists the friends who registered with the invite code, masked, with the date joined and whether verified', async () => {
    const inviter = await createUser(t.app);
    const [row] = await t.app.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, inviter.id));
    const register = async (username: string, inviteCode?: string) => {
      const email = `${username}@example.test`;
      await t.app.inject({
        method: 'POST',
        url: `${L}/sendCode`,
        payload: { email, purpose: 'register' },
        headers: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      });
      const code = await codeFromOutbox(t, email);
      const res = await t.app.inject({
        method: 'POST',
        url: `${L}/register`,
        headers: { 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
        payload: { username, email, password: PASSWORD, confirmPassword: PASSWORD, code, ...(inviteCode ? { inviteCode } : {}) },
      });
      return body(res);
    };
    expect((await register('friendone', row!.code.toLowerCase())).code).toBe(Ok.SUCCESS);
    expect((await register('friendtwo', row!.code)).code).toBe(Ok.SUCCESS);
    expect((await register('stranger')).code).toBe(Ok.SUCCESS);
    expect((await register('badcode', 'NOSUCHCODE')).code).toBe(Err.INVITE_CODE_INVALID);
    await t.app.db.update(users).set({ kycStatus: 'verified' }).where(eq(users.username, 'friendtwo'));

    const res = body(await t.app.inject({ method: 'GET', url: `${U}/listInvitee`, headers: { authorization: inviter.token } }));
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    expect(res.result.total).toBe(2);
    expect(res.result.rows).toEqual([
      { name: 'f***o', joinedAt: expect.any(String), verified: true },
      { name: 'f***e', joinedAt: expect.any(String), verified: false },
    ]);
    expect(JSON.stringify(res.result)).not.toContain('friend');
    // nobody else's list shows them
    const other = await createUser(t.app);
    expect(
      body(await t.app.inject({ method: 'GET', url: `${U}/listInvitee`, headers: { authorization: other.token } })).result,
    ).toEqual({ rows: [], total: 0 });
    expect(maskName('al')).toBe('a***');
    expect(maskName('李小龙')).toBe('李***龙');
  });
});
