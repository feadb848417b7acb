/**
 * Sessions end when idle (30 minutes by default) or old (12 hours); "remember me on this
 * device" stretches both to 7 days; a user lists their signed-in devices and ends any of them
 * (issue 15 item 10).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../server/auth/schema.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { useTestApp } from '../helpers.ts';
import { get, L, PASSWORD, post, registerByEmail, U } from '../auth.helpers.ts';

const HOUR = 3600_000;

describe('session lifetimes and the list of signed-in devices', () => {
  // the rows are aged by hand here, which no instance hears of: every check asks the database
  // (the session cache and its revocations: sessions.revocation.test.ts)
  const t = useTestApp({ sessionCacheMs: 0 });
  beforeAll(async () => {
    await registerByEmail(t, 'sally', 'sally@example.com');
    await registerByEmail(t, 'other', 'other@example.com');
  });

  const login = async (account: string, remember?: boolean) => {
    const res = await post(
      t,
      `${L}/login`,
      { account, password: PASSWORD, ...(remember === undefined ? {} : { remember }) },
      { headers: { 'user-agent': `device-${account}-${remember}` } },
    );
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    return res.result.token as string;
  };
  const info = async (token: string) => (await post(t, `${U}/getUserInfo`, {}, { token })).code;
  const sessionOf = async (token: string) => {
    const list = await get(t, `${U}/sessions`, {}, { token });
    return (list.result.rows as Array<{ id: string; current: boolean }>).find((r) => r.current)!.id;
  };
  const age = (id: string, set: Partial<{ lastSeenAt: Date; expiresAt: Date }>) =>
    t.app.db
      .update(sessions)
      .set(set)
      .where(eq(sessions.id, BigInt(id)));

  it('a session lasts 12 hours at most and ends after 30 idle minutes (it lasted 7 days, idle or not)', async () => {
    const token = await login('sally');
    const id = await sessionOf(token);
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, BigInt(id)));
    expect(row.idleSeconds).toBe(1800);
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 12 * HOUR)).toBeLessThan(60_000);
    await age(id, { lastSeenAt: new Date(Date.now() - 29 * 60_000) });
    expect(await info(token)).toBe(Ok.SUCCESS); // and this request is activity
    const [touched] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, BigInt(id)));
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(60_000);
    await age(id, { lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    expect(await info(token)).toBe(Err.LOGIN_REQUIRED);
  });

  it('the absolute limit holds however active the session is', async () => {
    const token = await login('sally');
    await age(await sessionOf(token), { expiresAt: new Date(Date.now() - 1000) });
    expect(await info(token)).toBe(Err.LOGIN_REQUIRED);
  });

  it('"remember me on this device" keeps the session up to 7 days, idle or not', async () => {
    const token = await login('sally', true);
    const id = await sessionOf(token);
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, BigInt(id)));
    expect(row.remember).toBe(true);
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 7 * 24 * HOUR)).toBeLessThan(60_000);
    await age(id, { lastSeenAt: new Date(Date.now() - 3 * 24 * HOUR) });
    expect(await info(token)).toBe(Ok.SUCCESS);
  });

  it('lists the signed-in devices (this one marked) and ends another; the ended token stops working', async () => {
    const phone = await login('sally');
    const laptop = await login('sally');
    const list = await get(t, `${U}/sessions`, {}, { token: laptop });
    expect(list.code).toBe(Ok.SUCCESS);
    const rows = list.result.rows as Array<{ id: string; current: boolean; userAgent: string; idleMinutes: number }>;
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    const phoneId = await sessionOf(phone);
    expect(rows.map((r) => r.id)).toContain(phoneId);
    expect(rows.find((r) => r.id === phoneId)).toMatchObject({
      current: false,
      userAgent: 'device-sally-undefined',
      idleMinutes: 30,
    });
    const ended = await post(t, `${U}/sessions/${phoneId}/end`, {}, { token: laptop });
    expect(ended.code).toBe(Ok.SUCCESS);
    expect(await info(phone)).toBe(Err.LOGIN_REQUIRED);
    expect(await info(laptop)).toBe(Ok.SUCCESS);
    const after = await get(t, `${U}/sessions`, {}, { token: laptop });
    expect((after.result.rows as Array<{ id: string }>).map((r) => r.id)).not.toContain(phoneId);
  });

  it("another user's session cannot be ended or seen (10043); anonymous callers get 401", async () => {
    const mine = await login('sally');
    const theirs = await login('other');
    const theirId = await sessionOf(theirs);
    const [{ n: before }] = (
      (await t.app.db.execute(sql`select count(*)::int as n from sessions where revoked_at is null`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    expect((await post(t, `${U}/sessions/${theirId}/end`, {}, { token: mine })).code).toBe(Err.RECORD_NOT_FOUND);
    expect(await info(theirs)).toBe(Ok.SUCCESS);
    const list = await get(t, `${U}/sessions`, {}, { token: mine });
    expect((list.result.rows as Array<{ id: string }>).map((r) => r.id)).not.toContain(theirId);
    const [{ n: after }] = (
      (await t.app.db.execute(sql`select count(*)::int as n from sessions where revoked_at is null`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    expect(after).toBe(before);
    expect((await get(t, `${U}/sessions`)).code).toBe(Err.LOGIN_REQUIRED);
    expect((await post(t, `${U}/sessions/${theirId}/end`, {})).code).toBe(Err.LOGIN_REQUIRED);
  });
});
