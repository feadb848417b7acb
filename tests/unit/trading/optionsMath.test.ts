import { describe, expect, it } from 'vitest';
import {
  breakevenPrice,
  expectedReturn,
  netAt,
  netOfSettled,
  validOrderFigures,
  fee,
  margin,
  maxLoss,
  movedPrice,
  notional,
  orderFigures,
  orderRuleBroken,
  pnl,
  rawPnl,
  scenarioTable,
  settlement,
  stopOutPrice,
  stopsRuleBroken,
  type PositionTerms,
  type ProductRules,
} from '../../../src/contract/optionsMath.ts';
import { BTC_PRODUCT } from '../../model/trading/products.ts';

/** Every figure below was worked out by hand (docs/trading.md shows the same cases). */
const btcUp: PositionTerms = {
  direction: 'up',
  lots: '0.5',
  contractSize: '1',
  leverage: 10,
  feeRate: '0.0005',
  openPrice: '60000.00',
  quoteRate: '1',
  stopOutLevel: '0.9',
  pricePrecision: 2,
};
const btcDown: PositionTerms = { ...btcUp, direction: 'down' };
const eurDown: PositionTerms = {
  direction: 'down',
  lots: '0.01',
  contractSize: '100000',
  leverage: 30,
  feeRate: '0.00002',
  openPrice: '1.08523',
  quoteRate: '1',
  stopOutLevel: '0.9',
  pricePrecision: 5,
};
const btcProduct: ProductRules = BTC_PRODUCT;

describe('position figures', () => {
  it('BTC up 0.5 lot at 60,000, 10×: notional 30,000, margin 3,000, fee 15', () => {
    expect(notional(btcUp)).toBe('30000.000000');
    expect(margin(btcUp)).toBe('3000.000000');
    expect(fee(btcUp)).toBe('15.000000');
  });

  it('pnl is the move times lots × contract size, in the position’s direction', () => {
    expect(pnl(btcUp, '61000')).toBe('500.000000');
    expect(pnl(btcDown, '61000')).toBe('-500.000000');
    expect(pnl(btcDown, '59000.01')).toBe('499.995000');
  });

  it('a gap through the stop-loss loses the margin and no more (negative-balance protection)', () => {
    expect(rawPnl(btcUp, '50000')).toBe('-5000.000000');
    expect(pnl(btcUp, '50000')).toBe('-3000.000000');
    expect(settlement(btcUp, '50000')).toEqual({
      pnl: '-3000.000000',
      rawPnl: '-5000.000000',
      closeFee: '0.000000',
      returned: '0.000000',
    });
  });

  it('stop-out where 90 % of the margin is lost; breakeven where the profit pays both fees', () => {
    expect(stopOutPrice(btcUp)).toBe('54600.00'); // 60000 − 2700 / 0.5
    expect(stopOutPrice(btcDown)).toBe('65400.00');
    expect(breakevenPrice(btcUp)).toBe('60060.00'); // 60000 + 30 / 0.5
    expect(breakevenPrice(btcDown)).toBe('59940.00');
  });

  it('settles the margin plus pnl less the closing fee', () => {
    expect(settlement(btcUp, '61000')).toEqual({
      pnl: '500.000000',
      rawPnl: '500.000000',
      closeFee: '15.000000',
      returned: '3485.000000',
    });
    expect(settlement(btcUp, '54600')).toEqual({
      pnl: '-2700.000000',
      rawPnl: '-2700.000000',
      closeFee: '15.000000',
      returned: '285.000000',
    });
    // the closing fee is capped at what is left of the margin
    expect(settlement(btcUp, '54005')).toEqual({
      pnl: '-2997.500000',
      rawPnl: '-2997.500000',
      closeFee: '2.500000',
      returned: '0.000000',
    });
  });

  it('expected return at the take-profit or a 1 % favourable move; max loss at the stop-loss or margin + opening fee: all after both fees, signed', () => {
    expect(movedPrice(btcUp, 1)).toBe('60600.00');
    expect(movedPrice(btcDown, 1)).toBe('59400.00');
    expect(expectedReturn(btcUp)).toBe('270.000000'); // 300 − 15 − 15
    expect(expectedReturn(btcUp, '63000')).toBe('1470.000000');
    expect(expectedReturn(btcDown)).toBe('270.000000');
    // a take-profit too close to pay the fees is a negative return, said so
    expect(expectedReturn(btcUp, '60040')).toBe('-10.000000');
    // no stop-loss: the whole margin (the floor, whatever the gap) and the opening fee; the closing fee is capped at nothing left
    expect(maxLoss(btcUp)).toBe('-3015.000000');
    expect(netAt(btcUp, '1')).toBe('-3015.000000');
    expect(maxLoss(btcUp, '58000')).toBe('-1030.000000');
    // a stop-loss above the open price (an open position's trailing stop) locks in a result, still after fees
    expect(maxLoss(btcUp, '60100')).toBe('20.000000');
    expect(netOfSettled('0.6465', '1.683', '1.6835')).toBe('-2.720000');
  });

  it("one figure, one definition: the confirmation's maximum loss is its own table's stop-loss row, the return its take-profit row", () => {
    for (const t of [btcUp, btcDown, eurDown]) {
      const stops = { stopLoss: movedPrice(t, -2), takeProfit: movedPrice(t, 3) };
      const f = orderFigures(t, stops);
      expect(f.maxLoss).toBe(f.scenarios.find((r) => r.kind === 'stopLoss')!.net);
      expect(f.expectedReturn).toBe(f.scenarios.find((r) => r.kind === 'takeProfit')!.net);
      expect(f.maxLoss.startsWith('-')).toBe(true);
    }
  });

  it('figures exist only for an order that breaks no rule: a take-profit on the wrong side shows nothing rather than a wrong return', () => {
    const input = { direction: 'up' as const, lots: '0.5', leverage: 10, period: 60 };
    expect(validOrderFigures(btcProduct, input, '60000.00', '1')).toMatchObject({
      margin: '3000.000000',
      maxLoss: '-3015.000000',
    });
    expect(validOrderFigures(btcProduct, { ...input, takeProfit: '59000' }, '60000.00', '1')).toBeNull();
    expect(validOrderFigures(btcProduct, { ...input, stopLoss: '61000' }, '60000.00', '1')).toBeNull();
    expect(validOrderFigures(btcProduct, { ...input, lots: 'abc' }, '60000.00', '1')).toBeNull();
    expect(validOrderFigures(btcProduct, { ...input, lots: '0.005' }, '60000.00', '1')).toBeNull();
  });

  it('EURUSD down 0.01 lot at 1.08523, 30×: margin and fee rounded up, stop-out toward the open price', () => {
    expect(notional(eurDown)).toBe('1085.230000');
    expect(margin(eurDown)).toBe('36.174334'); // 36.1743333… up
    expect(fee(eurDown)).toBe('0.021705'); // 0.0217046 up
    expect(pnl(eurDown, '1.08000')).toBe('5.230000');
    expect(stopOutPrice(eurDown)).toBe('1.11778'); // 1.08523 + 32.5569006 / 1000 = 1.1177869… floored
    expect(breakevenPrice(eurDown)).toBe('1.08518'); // 1.08523 − 0.04341 / 1000 = 1.0851866 floored
  });

  it('converts a pair not quoted in USD through the quote rate', () => {
    const eurGbp: PositionTerms = { ...eurDown, direction: 'up', lots: '1', openPrice: '0.85220', quoteRate: '1.27' };
    expect(notional(eurGbp)).toBe('108229.400000');
    expect(pnl(eurGbp, '0.85320')).toBe('127.000000'); // 0.001 × 100000 × 1.27
  });

  it('scenario table: ±1 %, ±5 %, take-profit, stop-loss, stop-out, highest price first, net of both fees', () => {
    const rows = scenarioTable(btcUp, { stopLoss: '58000', takeProfit: '63000' });
    expect(rows.map((r) => [r.kind, r.movePct, r.price, r.pnl, r.net])).toEqual([
      ['move', 5, '63000.00', '1500.000000', '1470.000000'],
      ['takeProfit', null, '63000', '1500.000000', '1470.000000'],
      ['move', 1, '60600.00', '300.000000', '270.000000'],
      ['move', -1, '59400.00', '-300.000000', '-330.000000'],
      ['stopLoss', null, '58000', '-1000.000000', '-1030.000000'],
      ['move', -5, '57000.00', '-1500.000000', '-1530.000000'],
      ['stopOut', null, '54600.00', '-2700.000000', '-2730.000000'],
    ]);
    // for a down position the price moves are the price's own: +5 % is a loss
    const down = scenarioTable(btcDown);
    expect(down[0]).toMatchObject({ kind: 'stopOut', price: '65400.00' });
    expect(down[1]).toMatchObject({ kind: 'move', movePct: 5, price: '63000.00', pnl: '-1500.000000' });
  });

  it('orderFigures gathers what the confirmation shows', () => {
    const f = orderFigures(btcUp, { takeProfit: '63000' });
    expect(f).toMatchObject({
      notional: '30000.000000',
      margin: '3000.000000',
      fee: '15.000000',
      required: '3015.000000',
      expectedReturn: '1470.000000',
      maxLoss: '-3015.000000',
    });
  });
});

describe('order validation', () => {
  const order = { direction: 'up' as const, lots: '0.5', leverage: 10, period: 60 };
  const at = (o: Partial<typeof order> & { stopLoss?: string; takeProfit?: string }) =>
    orderRuleBroken(btcProduct, { ...order, ...o }, '60000.00', '1');

  it('accepts a valid order', () => {
    expect(at({})).toBeNull();
    expect(at({ stopLoss: '59940', takeProfit: '60060' })).toBeNull(); // exactly 0.1 % away
  });

  it('lots: positive, a multiple of the step, within the notional cap', () => {
    for (const lots of ['0', '-1', '0.015', 'abc', '1e2', '', '0.5.1']) expect(at({ lots }), lots).toBe('lots');
    expect(at({ lots: '16.66' })).toBeNull(); // 999,600
    expect(at({ lots: '16.67' })).toBe('lots'); // 1,000,200 > 1,000,000
  });

  it('leverage and period must be offered', () => {
    expect(at({ leverage: 3 })).toBe('leverage');
    expect(at({ leverage: 0 })).toBe('leverage');
    expect(at({ period: 61 })).toBe('period');
  });

  it('stop-loss: on the losing side, at least the minimum distance away', () => {
    expect(at({ stopLoss: '60000' })).toBe('stopLoss');
    expect(at({ stopLoss: '59950' })).toBe('stopLoss'); // 50 < 60
    expect(at({ stopLoss: '61000' })).toBe('stopLoss');
    expect(at({ stopLoss: '-5' })).toBe('stopLoss');
  });

  it('take-profit: on the winning side, at least the minimum distance away', () => {
    expect(at({ takeProfit: '60050' })).toBe('takeProfit');
    expect(at({ takeProfit: '59000' })).toBe('takeProfit');
    expect(at({ takeProfit: 'x' })).toBe('takeProfit');
  });

  it('combined: a stop-loss at or beyond the stop-out of the chosen leverage', () => {
    expect(at({ stopLoss: '54600' })).toBe('combined');
    expect(at({ stopLoss: '54000' })).toBe('combined');
    expect(at({ stopLoss: '54600.01' })).toBeNull();
    // with less leverage the same stop-loss is fine: the stop-out is further away
    expect(at({ stopLoss: '54000', leverage: 5 })).toBeNull();
  });

  it('down positions mirror the rules', () => {
    const down = (s: { stopLoss?: string; takeProfit?: string }) => stopsRuleBroken(btcDown, s, '0.001');
    expect(down({ stopLoss: '60060', takeProfit: '59940' })).toBeNull();
    expect(down({ stopLoss: '59000' })).toBe('stopLoss');
    expect(down({ takeProfit: '61000' })).toBe('takeProfit');
    expect(down({ stopLoss: '65400' })).toBe('combined');
  });
});
