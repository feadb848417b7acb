/**
 * The list page's fast valuation (issue 26): `valuer` computes a position's fixed figures once and
 * must give, at every price, exactly the strings pnl() and netAt() give, in both directions,
 * at the open price (a signed zero), and past the margin floor (a gap).
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { netAt, pnl, valuer, type PositionTerms } from '../../../src/contract/optionsMath.ts';

describe('valuer: the same figures as pnl() and netAt()', () => {
  it('at prices around, at and far beyond the open price, for a spread of terms', () => {
    // a small deterministic generator, so a failure names a reproducible case
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let checked = 0;
    for (let i = 0; i < 120; i++) {
      const pricePrecision = [0, 2, 4, 5][i % 4];
      const openPrice = new Decimal(rnd() * 60_000 + 0.5).toFixed(pricePrecision);
      const t: PositionTerms = {
        direction: i % 2 ? 'up' : 'down',
        lots: new Decimal(Math.ceil(rnd() * 500)).div(100).toFixed(),
        contractSize: ['1', '100', '0.01'][i % 3],
        leverage: [1, 5, 10, 50, 100][i % 5],
        feeRate: ['0.0005', '0.001', '0'][i % 3],
        openPrice,
        quoteRate: ['1', '0.0067', '1.27'][i % 3],
        stopOutLevel: '0.9',
        pricePrecision,
      };
      const value = valuer(t);
      const prices = [
        openPrice,
        ...[-60, -5, -1, -0.01, 0.01, 1, 5, 60].map((pct) => new Decimal(openPrice).mul(1 + pct / 100).toFixed(pricePrecision)),
      ];
      for (const p of prices) {
        expect(value(p), `${JSON.stringify(t)} at ${p}`).toEqual({ pnl: pnl(t, p), net: netAt(t, p) });
        checked++;
      }
    }
    expect(checked).toBe(1080);
  });
});
