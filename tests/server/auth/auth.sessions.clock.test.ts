/**
 * Sessions run on the platform clock (server/platform/clock.ts): a test moves it and the session's
 * limits follow. With a one-minute idle limit an active session stays alive (issue 25 item 9: its
 * activity was written at most once a minute, so it ended at 60 s however busy it was) and ends
 * after a minute of silence; the absolute limit holds however active it is.
 */
import { describe, expect, it } from 'vitest';
import { Err, Ok } from '../../../src/contract/errors.ts';
import { touchEveryMs } from '../../../server/auth/sessions.ts';
import { useTestApp } from '../helpers.ts';
import { L, PASSWORD, post, registerByEmail, U } from '../auth.helpers.ts';
import { marketClock } from '../trading/tradingFixtures.ts';

describe('sessions on the platform clock with SESSION_IDLE_MINUTES=1 and SESSION_TTL_HOURS=1', () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }), { SESSION_IDLE_MINUTES: '1', SESSION_TTL_HOURS: '1' });

  const login = async (account: string) => {
    const res = await post(t, `${L}/login`, { account, password: PASSWORD });
    expect(res.code, res.msg).toBe(Ok.SUCCESS);
    return res.result.token as string;
  };
  const info = async (token: string) => (await post(t, `${U}/getUserInfo`, {}, { token })).code;

  it('activity is written every tenth of the idle limit, at most every minute', () => {
    expect(touchEveryMs(60)).toBe(6000);
    expect(touchEveryMs(1800)).toBe(60_000);
    expect(touchEveryMs(7 * 86_400)).toBe(60_000);
  });

  it('a request every 50 s keeps the session for 5 minutes; a minute of silence ends it', async () => {
    await registerByEmail(t, 'idler', 'idler@example.com');
    const token = await login('idler');
    for (let s = 50; s <= 300; s += 50) {
      clock.ms(50_000);
      expect(await info(token), `after ${s} s`).toBe(Ok.SUCCESS);
    }
    clock.ms(61_000);
    expect(await info(token)).toBe(Err.LOGIN_REQUIRED);
  });

  it('the absolute limit (an hour here) holds however active the session is', async () => {
    await registerByEmail(t, 'busy', 'busy@example.com');
    const token = await login('busy');
    for (let m = 0; m < 59; m++) {
      clock.ms(60_000 - 1000);
      expect(await info(token)).toBe(Ok.SUCCESS);
    }
    clock.ms(120_000);
    expect(await info(token)).toBe(Err.LOGIN_REQUIRED);
  });
});
