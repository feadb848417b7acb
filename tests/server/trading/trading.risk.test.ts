import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { body, usingPostgres, useTestApp } from '../helpers.ts';
import { createUser, demo, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buyOptions, closeOptions, marketClock, tick } from './tradingFixtures.ts';
import { optionsOrders } from '../../../server/trading/schema.ts';
import { TRADING_PATHS } from '../../../src/contract/trading.ts';

/**
 * The public risk line: closed positions of a book in the last 90 days and how many lost money
 * net of both fees. BTC 0.1 lot at 10×: fees 3.35 each side, so a close 50 above the open
 * (pnl +5) still lost money; a close 1,000 above won.
 */
describe(`trading: risk line (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock();
  const t = useTestApp(() => ({ clock: clock.now }));
  let u: TestUser;
  const risk = async (q = '', headers: Record<string, string> = {}) =>
    body(await t.app.inject({ url: `${TRADING_PATHS.risk}${q}`, headers }));
  const openClose = async (headers: Record<string, string>, direction: 'up' | 'down', closeAt: number) => {
    tick(t.app, clock, { BTCUSDT: 67000 });
    const o = await buyOptions(t.app, headers, { direction });
    expect(o.result.status).toBe('open');
    tick(t.app, clock, { BTCUSDT: closeAt });
    const c = await closeOptions(t.app, headers, o.result.id);
    expect(c.result.status).toBe('closed');
    return o.result.id as string;
  };
  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '10000');
    await fund(t.app, u.id, 'USDT', '10000', 'demo');
    tick(t.app, clock, { BTCUSDT: 67000 });
  });

  it('without history answers closed 0 and share null (no invented figure)', async () => {
    const r = await risk('?book=real');
    expect(r.result).toMatchObject({ book: 'real', closed: 0, lost: 0, share: null });
    expect(Date.parse(r.result.since)).toBe(clock.now() - 90 * 24 * 3600 * 1000);
  });

  it('counts closed positions of the book that lost net of both fees; open ones, the other book and older ones are not counted', async () => {
    await openClose(real(u), 'up', 67050); // pnl +5, fees 6.70: lost
    await openClose(real(u), 'up', 68000); // +100: won
    await openClose(real(u), 'down', 67500); // −50: lost
    const old = await openClose(real(u), 'down', 66000); // won, but moved out of the window below
    await openClose(demo(u), 'up', 60000); // demo: lost (floored), not in the real figure
    tick(t.app, clock, { BTCUSDT: 67000 });
    await buyOptions(t.app, real(u)); // still open
    await t.app.db
      .update(optionsOrders)
      .set({ closeTime: new Date(clock.now() - 91 * 24 * 3600 * 1000) })
      .where(eq(optionsOrders.id, BigInt(old)));
    // the empty answer above is kept a minute per book
    expect((await risk('?book=real')).result.closed).toBe(0);
    clock.ms(61_000);
    tick(t.app, clock, { BTCUSDT: 67000 });
    expect((await risk('?book=real')).result).toMatchObject({ book: 'real', closed: 3, lost: 2, share: '0.6667' });
    // the book from the header when the query names none
    expect((await risk('', { virtually: 'NO' })).result).toMatchObject({ book: 'demo', closed: 1, lost: 1, share: '1.0000' });
    expect((await risk('', { virtually: 'YES' })).result).toMatchObject({ book: 'real', closed: 3, lost: 2 });
  });
});
