import { describe, expect, it } from 'vitest';
import { Err } from '../../../src/contract/errors.ts';
import { stopsBody, stopsRefusal } from '../../../src/machines/trading/stopsEdit.ts';
import { checkModel } from '../pathRunner.ts';
import { draft, model } from './stopsEdit.model.ts';

describe('stops editor: generated paths', () => {
  checkModel(model);
});

describe("stops editor: the rules at the current price, with the service's codes", () => {
  const code = (over: Partial<typeof draft>) => stopsRefusal({ ...draft, ...over })?.code ?? null;
  it('accepts levels on the right sides of the CURRENT price; empty fields remove levels', () => {
    expect(code({})).toBeNull();
    expect(code({ stopLoss: '', takeProfit: ' ' })).toBeNull();
    // above the opening price but below the current one: a stop-loss that locks in profit
    expect(code({ stopLoss: '67200' })).toBeNull();
    expect(stopsBody({ ...draft, stopLoss: ' ', takeProfit: '69000 ' })).toEqual({
      id: '9',
      stopLoss: null,
      takeProfit: '69000',
    });
  });
  it('refuses each broken rule with its code', () => {
    expect(code({ stopLoss: '67600' })).toBe(Err.STOP_LOSS_UNREASONABLE);
    // closer than 0.1 % of 67,500 (67.5)
    expect(code({ stopLoss: '67450' })).toBe(Err.STOP_LOSS_UNREASONABLE);
    expect(code({ takeProfit: '67400' })).toBe(Err.TAKE_PROFIT_UNREASONABLE);
    expect(code({ takeProfit: '67550' })).toBe(Err.TAKE_PROFIT_UNREASONABLE);
    expect(code({ stopLoss: 'x' })).toBe(Err.STOP_LOSS_UNREASONABLE);
    // the stop-out stays the position's own (60,970.00), whatever the price now
    expect(code({ stopLoss: '60970' })).toBe(Err.STOPS_COMBINATION_UNREASONABLE);
    expect(code({ stopLoss: '60971' })).toBeNull();
  });
  it('without a live price nothing is sent (10015)', () => {
    expect(code({ price: null })).toBe(Err.NOT_TRADABLE);
  });
});
