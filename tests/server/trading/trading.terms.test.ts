import { beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres, useTestApp } from '../helpers.ts';
import { createUser, fund, real, type TestUser } from '../wallet/walletFixtures.ts';
import { buyOptions, closeOptions, getOrder, marketClock, tick } from './tradingFixtures.ts';
import { positionFromWire } from '../../../src/contract/trading.ts';
import { Ok } from '../../../src/contract/errors.ts';
import { positionTerms, shownNet } from '../../../src/views/trading/figures.ts';

/** Monday 23 Nov 2026 15:00 UTC (10:00 in New York): every instrument type trades. */
const MONDAY_OPEN = Date.UTC(2026, 10, 23, 15, 0, 0);

/**
 * Positions carry their own terms on the wire (issue 27 item 5): the browser's live figure,
 * computed by the views' own module from the wire position, equals what the service settles at the
 * same price, for every instrument type; for a cross pair also after the quote currency's rate
 * has moved since the opening (the product's terms of today would give another figure).
 */
describe(`a position's terms on the wire (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const clock = marketClock(MONDAY_OPEN);
  const t = useTestApp(() => ({ clock: clock.now }));
  let u: TestUser;
  const opening = { BTCUSDT: 67000, EURGBP: 0.8522, GBPUSD: 1.2735, ES: 5900, SPY: 590, AAPL: 230 };
  beforeAll(async () => {
    u = await createUser(t.app);
    await fund(t.app, u.id, 'USDT', '100000');
    tick(t.app, clock, opening);
  });

  const cases = [
    { code: 'BTCUSDT', lots: '0.1', leverage: 10, to: { BTCUSDT: 66500 } },
    // the cross pair: GBP, its quote currency, moves against the dollar after the opening
    { code: 'EURGBP', lots: '0.1', leverage: 10, to: { EURGBP: 0.8561, GBPUSD: 1.251 } },
    { code: 'ES', lots: '1', leverage: 5, to: { ES: 5912.5 } },
    { code: 'SPY', lots: '10', leverage: 2, to: { SPY: 588.3 } },
    { code: 'AAPL', lots: '10', leverage: 2, to: { AAPL: 231.7 } },
  ];

  it.each(cases)(
    "$code: the browser's live net at the closing price is the settled net",
    async ({ code, lots, leverage, to }) => {
      const opened = await buyOptions(t.app, real(u), { code, lots, leverage, period: 3600 });
      expect(opened.code, JSON.stringify(opened)).toBe(Ok.PURCHASE_SUCCESSFUL);
      tick(t.app, clock, { ...opening, ...to });
      const live = positionFromWire((await getOrder(t.app, real(u), opened.result.id)).result);
      expect(live.terms.quoteRate).toBe(positionFromWire(opened.result).terms.quoteRate);
      const price = String(to[code as keyof typeof to]);
      const browserNet = shownNet(live, price);
      const closed = await closeOptions(t.app, real(u), live.id);
      expect(closed.code).toBe(200);
      expect(closed.result.closePrice).toBe(Number(price).toFixed(live.terms.pricePrecision));
      expect(browserNet).toBe(closed.result.net);
      if (code === 'EURGBP') {
        // the product's rate of today differs from the one the position opened with
        expect(positionTerms(live).quoteRate).toBe('1.2735');
      }
    },
  );
});
