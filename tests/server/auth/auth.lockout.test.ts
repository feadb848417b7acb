import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../../server/auth/throttle.ts';
import { DEVICE_COOKIE, DEVICE_TTL_DAYS } from '../../../server/auth/devices.ts';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { body, useTestApp } from '../helpers.ts';
import { codeFromOutbox, freshIp, L, PASSWORD, post, registerByEmail, U } from '../auth.helpers.ts';
import { marketClock } from '../trading/tradingFixtures.ts';

/**
 * Issue 25 item 5: anyone who knew a username could lock its owner out with five wrong guesses.
 * A right password leaves a device cookie (server/auth/devices.ts); from that device the owner
 * is throttled on the device alone, whatever was guessed elsewhere, while unknown devices stay
 * throttled per account and per address.
 */
describe('owner lockout: device cookies', () => {
  // a device's life, like the throttling, runs on the platform clock (docs/design.md, "Time")
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  const login = async (account: string, password: string, opts: { cookie?: string; ip?: string } = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${L}/login`,
      payload: { account, password },
      headers: { 'x-forwarded-for': opts.ip ?? freshIp(), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    });
    const set = String(res.headers['set-cookie'] ?? '');
    return { ...body(res), cookie: set.split(';')[0], setCookie: set };
  };

  it('a right password leaves an HttpOnly device cookie; the owner signs in from it while guesses from elsewhere lock the account', async () => {
    await registerByEmail(t, 'olive', 'olive@example.com');
    const first = await login('olive', PASSWORD);
    expect(first.code).toBe(Ok.SUCCESS);
    expect(first.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(first.setCookie).toMatch(/HttpOnly/);
    expect(first.setCookie).toMatch(/SameSite=Strict/);
    // stored hashed only
    const stored = await t.app.db.execute(sql`select token_hash from known_devices`);
    expect(JSON.stringify(stored)).not.toContain(first.cookie.split('=')[1]);

    // someone else guesses, from many addresses, until the account waits
    for (let i = 0; i < FREE_FAILURES.acct + 3; i++) await login('olive', `Wrong-guess-${i}`);
    // unknown devices are locked out, even with the right password
    expect((await login('olive', PASSWORD)).code).toBe(Err.LOGIN_THROTTLED);
    // the owner's own device is not
    const owner = await login('olive', PASSWORD, { cookie: first.cookie });
    expect(owner.code, owner.msg).toBe(Ok.SUCCESS);
    // its cookie is kept (the same token is sent again)
    expect(owner.cookie).toBe(first.cookie);
  });

  it("a password reset forgets the account's devices: an old cookie counts as unknown again", async () => {
    await registerByEmail(t, 'rhea', 'rhea@example.com');
    expect((await login('rhea', PASSWORD)).code).toBe(Ok.SUCCESS);
    const devicesOf = async () =>
      JSON.stringify(
        await t.app.db.execute(
          sql`select count(*)::int as n from known_devices d join users u on u.id = d.user_id where u.username = 'rhea'`,
        ),
      ).match(/"n":(\d+)/)?.[1];
    expect(await devicesOf()).toBe('1');
    expect((await post(t, `${L}/sendCode`, { email: 'rhea@example.com', purpose: 'reset' })).code).toBe(Ok.SUCCESS);
    const code = await codeFromOutbox(t, 'rhea@example.com');
    const reset = await post(t, `${U}/repassword`, {
      email: 'rhea@example.com',
      code,
      password: 'Quiet-Harbor-77',
      confirmPassword: 'Quiet-Harbor-77',
    });
    expect(reset.code, reset.msg).toBe(Ok.MODIFIED);
    expect(await devicesOf()).toBe('0');
  });

  it('guesses through a device cookie are throttled on that device; a cookie of another account or a made-up one counts as unknown', async () => {
    await registerByEmail(t, 'pavel', 'pavel@example.com');
    await registerByEmail(t, 'quinn', 'quinn@example.com');
    const device = (await login('pavel', PASSWORD)).cookie;
    for (let i = 0; i < FREE_FAILURES.acct; i++)
      expect((await login('pavel', `Wrong-guess-${i}`, { cookie: device })).code).toBe(Err.PASSWORD_WRONG);
    expect((await login('pavel', PASSWORD, { cookie: device })).code).toBe(Err.LOGIN_THROTTLED);
    // the device's guesses did not touch the account: another device still signs in
    expect((await login('pavel', PASSWORD)).code).toBe(Ok.SUCCESS);
    // pavel's device means nothing to quinn: throttled per account as any unknown device
    for (let i = 0; i < FREE_FAILURES.acct; i++) await login('quinn', `Wrong-guess-${i}`, { cookie: device });
    expect((await login('quinn', PASSWORD, { cookie: device })).code).toBe(Err.LOGIN_THROTTLED);
    expect((await login('quinn', PASSWORD, { cookie: `${DEVICE_COOKIE}=${'A'.repeat(43)}` })).code).toBe(Err.LOGIN_THROTTLED);
  });

  it(`a device unused for ${DEVICE_TTL_DAYS} days on the platform clock counts as unknown again (a new cookie)`, async () => {
    await registerByEmail(t, 'sven', 'sven@example.com');
    const device = (await login('sven', PASSWORD)).cookie;
    const ttl = DEVICE_TTL_DAYS * 86_400_000;
    // just inside its life: known, the same cookie again (and its use recorded now)
    clock.ms(ttl - 1);
    expect((await login('sven', PASSWORD, { cookie: device })).cookie).toBe(device);
    // a whole life after that use: forgotten, a new cookie
    clock.ms(ttl);
    const later = await login('sven', PASSWORD, { cookie: device });
    expect(later.code).toBe(Ok.SUCCESS);
    expect(later.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(later.cookie).not.toBe(device);
  });

  it('unknown devices are still throttled per address across accounts', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < FREE_FAILURES.ip + 1; i++) codes.push((await login(`nobody_${i}`, 'Wrong-guess-1', { ip })).code);
    expect(codes.slice(0, FREE_FAILURES.ip).every((c) => c === Err.PASSWORD_WRONG)).toBe(true);
    expect(codes[FREE_FAILURES.ip]).toBe(Err.LOGIN_THROTTLED);
  });
});
