import { desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../server/platform/mail/schema.ts';
import { users } from '../../server/platform/identity/schema.ts';
import { body, type TestApp } from './helpers.ts';
import { Ok } from '../../src/contract/errors.ts';

/**
 * Helpers for the account tests (and for anyone who needs a logged-in user). Every request
 * gets its own client address unless one is given, so the per-IP limits of one test do not
 * leak into the next.
 */
let ipSeq = 1;
export const freshIp = () => {
  const n = ipSeq++;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export interface Call {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export async function post(t: TestApp, url: string, payload?: unknown, c: Call = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    headers: { 'x-forwarded-for': c.ip ?? freshIp(), ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...c.headers },
  });
  return { status: res.statusCode, ...body(res) };
}

export async function get(t: TestApp, url: string, query: Record<string, string> = {}, c: Call = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query,
    headers: { 'x-forwarded-for': c.ip ?? freshIp(), ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...c.headers },
  });
  return { status: res.statusCode, ...body(res) };
}

export const L = '/swx/customer/login';
export const U = '/swx/customer/user';

/**
 * The newest 6-digit code sent to a recipient (e-mail lower-cased, or +phone), as the dev console
 * printed it: the outbox only ever holds it masked (server/platform/mail/mailer.ts). Checks on the way that
 * the outbox row of that message does not hold the code.
 */
export async function codeFromOutbox(t: TestApp, recipient: string): Promise<string> {
  const msg = t.app.accounts.devConsoleMessageTo(recipient);
  expect(msg, `no message for ${recipient}`).toBeDefined();
  const m = /\b([0-9]{6})\b/.exec(msg!.body);
  expect(m).not.toBeNull();
  const [row] = await t.app.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  expect(`${row.subject} ${row.body}`).not.toContain(m![1]);
  return m![1];
}

/** Row counts of the tables an account call may write. */
export async function counts(t: TestApp) {
  const n = async (table: string) => {
    const r = await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return Number((r as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  };
  return {
    users: await n('users'),
    sessions: await n('sessions'),
    outbox: await n('outbox'),
    codes: await n('verification_codes'),
    transfers: await n('ledger_transfers'),
  };
}

export const PASSWORD = 'Vivid-Lark-42';

/** Registers a customer by e-mail through the real calls; returns token and profile. */
export async function registerByEmail(t: TestApp, username: string, email: string, password = PASSWORD) {
  const sent = await post(t, `${L}/sendCode`, { email, purpose: 'register' });
  expect(sent.code).toBe(Ok.SUCCESS);
  const code = await codeFromOutbox(t, email.toLowerCase());
  const res = await post(t, `${L}/register`, { username, email, password, confirmPassword: password, code });
  expect(res.code, res.msg).toBe(Ok.SUCCESS);
  return res.result as { token: string; user: { id: string; username: string; inviteCode: string } };
}

/** Registers a customer by phone (national number and area code); returns token and profile. */
export async function registerByPhone(t: TestApp, username: string, phone: string, areaCode: string, password = PASSWORD) {
  const sent = await post(t, `${L}/sendCode`, { phone, areaCode, purpose: 'register' });
  expect(sent.code, sent.msg).toBe(Ok.SUCCESS);
  const code = await codeFromOutbox(
    t,
    `${areaCode.startsWith('+') ? areaCode : `+${areaCode}`}${phone.replace(/^0+/, '').replace(/[^0-9]/g, '')}`,
  );
  const res = await post(t, `${L}/register`, { username, phone, areaCode, password, confirmPassword: password, code });
  expect(res.code, res.msg).toBe(Ok.SUCCESS);
  return res.result as { token: string; user: { id: string; username: string; phone: string } };
}

export async function userRow(t: TestApp, username: string) {
  const [u] = await t.app.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return u;
}
