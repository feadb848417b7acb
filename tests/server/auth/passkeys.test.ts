/**
 * Passkeys (docs/security.md, "Passkeys"): register from a signed-in session, list, sign in with
 * no name and no password, remove. Refusals write nothing: a used or expired challenge (10230),
 * another origin (10231), an unknown credential (10232), a counter that did not grow (10235).
 */
import { eq, sql } from 'drizzle-orm';
import { outbox } from '../../../server/platform/mail/schema.ts';
import { describe, expect, it } from 'vitest';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { PASSWORD, get, post, registerByEmail, L, U } from '../auth.helpers.ts';
import { useTestApp } from '../helpers.ts';
import { testClock } from '../smart/smartFixtures.ts';
import { SoftAuthenticator } from '../softAuthenticator.ts';

const clock = testClock();
const t = useTestApp(() => ({ clock: clock.now }));

const n = async (table: string) => {
  const r = await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((r as unknown as { rows: Array<{ n: number }> }).rows[0].n);
};
const rowCounts = async () => ({
  sessions: await n('sessions'),
  passkeys: await n('passkeys'),
  audit: await n('audit_log'),
  notifications: await n('notifications'),
});
const authenticator = () => new SoftAuthenticator(t.config.webauthn.rpId, t.config.webauthn.origin);

async function registerPasskey(token: string, a: SoftAuthenticator, name = 'My laptop') {
  const options = await post(t, `${U}/passkeys/options`, {}, { token });
  expect(options.code, options.msg).toBe(Ok.SUCCESS);
  expect(options.result.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
  return post(t, `${U}/passkeys/register`, { response: a.register(options.result), name }, { token });
}

async function signIn(a: SoftAuthenticator, over: Parameters<SoftAuthenticator['authenticate']>[1] = {}) {
  const options = await post(t, `${L}/passkeyOptions`, {});
  expect(options.code).toBe(Ok.SUCCESS);
  expect(options.result.allowCredentials ?? []).toEqual([]);
  return { options: options.result, answer: a.authenticate(options.result, over) };
}

describe('passkeys', () => {
  it('registers a passkey, signs in with it without a password, and tells the owner', async () => {
    const email = 'pk_owner@example.test';
    const { token } = await registerByEmail(t, 'pk_owner', email, PASSWORD);
    const a = authenticator();
    const reg = await registerPasskey(token, a);
    expect(reg.code, reg.msg).toBe(Ok.SUCCESS);
    expect(reg.result).toMatchObject({ name: 'My laptop', deviceType: 'singleDevice', backedUp: false, lastUsedAt: null });
    expect((await get(t, `${U}/passkeys`, {}, { token })).result.rows).toHaveLength(1);
    const notes = await get(t, `${U}/listNotifications`, {}, { token });
    expect(notes.result.rows.map((r: { kind: string }) => r.kind)).toContain('security.passkey_added');
    // mailed to the account's address: whoever added it may not be the owner
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.map((m) => m.body)).toContainEqual(expect.stringContaining('A passkey named "My laptop" was added'));

    const { answer } = await signIn(a);
    const before = await rowCounts();
    const login = await post(t, `${L}/loginByPasskey`, { response: answer });
    expect(login.code, login.msg).toBe(Ok.SUCCESS);
    expect(login.result.user.username).toBe('pk_owner');
    expect((await post(t, `${U}/getUserInfo`, {}, { token: login.result.token })).code).toBe(Ok.SUCCESS);
    expect((await rowCounts()).sessions).toBe(before.sessions + 1);
    const list = await get(t, `${U}/passkeys`, {}, { token });
    expect(list.result.rows[0].lastUsedAt).toBe(new Date(clock.now()).toISOString());

    // the same signed answer again: its challenge is gone (single use)
    const again = await rowCounts();
    expect((await post(t, `${L}/loginByPasskey`, { response: answer })).code).toBe(Err.PASSKEY_CHALLENGE_EXPIRED);
    expect(await rowCounts()).toEqual(again);
  });

  it('refuses a counter that did not grow, another origin, an expired challenge and an unknown passkey, writing nothing', async () => {
    const { token } = await registerByEmail(t, 'pk_refused', 'pk_refused@example.test', PASSWORD);
    const a = authenticator();
    expect((await registerPasskey(token, a)).code).toBe(Ok.SUCCESS);
    expect((await post(t, `${L}/loginByPasskey`, { response: (await signIn(a, { counter: 5 })).answer })).code).toBe(Ok.SUCCESS);
    const before = await rowCounts();

    // a cloned authenticator repeats a counter value
    expect((await post(t, `${L}/loginByPasskey`, { response: (await signIn(a, { counter: 5 })).answer })).code).toBe(
      Err.PASSKEY_COUNTER_REPLAYED,
    );
    expect((await post(t, `${L}/loginByPasskey`, { response: (await signIn(a, { counter: 3 })).answer })).code).toBe(
      Err.PASSKEY_COUNTER_REPLAYED,
    );
    // signed for another site
    expect(
      (
        await post(t, `${L}/loginByPasskey`, {
          response: (await signIn(a, { counter: 9, origin: 'https://phish.example' })).answer,
        })
      ).code,
    ).toBe(Err.PASSKEY_NOT_VERIFIED);
    // a challenge older than five minutes on the platform clock
    const late = await signIn(a, { counter: 10 });
    clock.ms(5 * 60_000 + 1000);
    expect((await post(t, `${L}/loginByPasskey`, { response: late.answer })).code).toBe(Err.PASSKEY_CHALLENGE_EXPIRED);
    // a passkey no account has
    expect((await post(t, `${L}/loginByPasskey`, { response: (await signIn(authenticator())).answer })).code).toBe(
      Err.PASSKEY_UNKNOWN,
    );
    // a tampered signature
    const forged = (await signIn(a, { counter: 11 })).answer;
    forged.response.signature =
      forged.response.signature.slice(0, -4) + (forged.response.signature.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await post(t, `${L}/loginByPasskey`, { response: forged })).code).toBe(Err.PASSKEY_NOT_VERIFIED);
    expect(await rowCounts()).toEqual(before);
    // the counter kept its last good value: the next one above it works
    expect((await post(t, `${L}/loginByPasskey`, { response: (await signIn(a, { counter: 12 })).answer })).code).toBe(Ok.SUCCESS);
  });

  it("a registration answers only its own account's challenge, once; the same passkey twice is refused", async () => {
    const alice = await registerByEmail(t, 'pk_alice', 'pk_alice@example.test', PASSWORD);
    const bob = await registerByEmail(t, 'pk_bob', 'pk_bob@example.test', PASSWORD);
    const a = authenticator();
    const options = await post(t, `${U}/passkeys/options`, {}, { token: alice.token });
    const answer = a.register(options.result);
    const before = await rowCounts();
    expect((await post(t, `${U}/passkeys/register`, { response: answer }, { token: bob.token })).code).toBe(
      Err.PASSKEY_CHALLENGE_EXPIRED,
    );
    expect(await rowCounts()).toEqual(before);
    // bob's attempt did not spend alice's challenge
    expect((await post(t, `${U}/passkeys/register`, { response: answer }, { token: alice.token })).code).toBe(Ok.SUCCESS);
    expect((await post(t, `${U}/passkeys/register`, { response: answer }, { token: alice.token })).code).toBe(
      Err.PASSKEY_CHALLENGE_EXPIRED,
    );
    // the same credential again, on a fresh challenge
    const again = await post(t, `${U}/passkeys/options`, {}, { token: alice.token });
    expect(again.result.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const counted = await rowCounts();
    expect((await post(t, `${U}/passkeys/register`, { response: a.register(again.result) }, { token: alice.token })).code).toBe(
      Err.PASSKEY_ALREADY_REGISTERED,
    );
    expect(await rowCounts()).toEqual(counted);
  });

  it("removing a passkey is immediate; another user's passkey cannot be removed", async () => {
    const alice = await registerByEmail(t, 'pk_carol', 'pk_carol@example.test', PASSWORD);
    const bob = await registerByEmail(t, 'pk_dave', 'pk_dave@example.test', PASSWORD);
    const a = authenticator();
    const reg = await registerPasskey(alice.token, a);
    const id = reg.result.id as string;
    const before = await rowCounts();
    expect((await post(t, `${U}/passkeys/${id}/remove`, {}, { token: bob.token })).code).toBe(Err.RECORD_NOT_FOUND);
    expect(await rowCounts()).toEqual(before);
    expect((await post(t, `${U}/passkeys/${id}/remove`, {}, { token: alice.token })).result).toEqual({ id, removed: true });
    expect((await get(t, `${U}/passkeys`, {}, { token: alice.token })).result.rows).toEqual([]);
    expect((await post(t, `${L}/loginByPasskey`, { response: (await signIn(a)).answer })).code).toBe(Err.PASSKEY_UNKNOWN);
    const kinds = (await get(t, `${U}/listNotifications`, {}, { token: alice.token })).result.rows.map(
      (r: { kind: string }) => r.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['security.passkey_added', 'security.passkey_removed']));
  });
});
