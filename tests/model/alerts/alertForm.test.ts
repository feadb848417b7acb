import { describe, expect, it } from 'vitest';
import { Err } from '../../../src/contract/errors.ts';
import { alertBody, alertRefusal } from '../../../src/machines/alerts/alertForm.ts';
import { checkModel } from '../pathRunner.ts';
import { draft, model } from './alertForm.model.ts';

describe('price-alert form: generated paths', () => {
  checkModel(model);
});

describe("price-alert form: the service's rules at the price shown", () => {
  const code = (over: Partial<typeof draft>) => alertRefusal({ ...draft, ...over })?.code ?? null;
  it('accepts levels not yet reached and moves larger than the present one', () => {
    expect(code({})).toBeNull();
    expect(code({ kind: 'below', value: '67000.5' })).toBeNull();
    expect(code({ kind: 'move', value: '2' })).toBeNull();
    expect(alertBody({ ...draft, value: ' 68000 ' })).toEqual({ code: 'BTCUSDT', kind: 'above', value: '68000' });
  });
  it('refuses each broken rule with its code; without a price nothing is sent', () => {
    expect(code({ value: '67500' })).toBe(Err.ALERT_LEVEL_REACHED);
    expect(code({ kind: 'below', value: '67600' })).toBe(Err.ALERT_LEVEL_REACHED);
    expect(code({ value: '68000.001' })).toBe(Err.ALERT_PRICE_WRONG);
    expect(code({ value: 'abc' })).toBe(Err.ALERT_PRICE_WRONG);
    expect(code({ kind: 'move', value: '1.25' })).toBe(Err.ALERT_MOVE_REACHED);
    expect(code({ kind: 'move', value: '0.01' })).toBe(Err.ALERT_PERCENT_WRONG);
    expect(code({ kind: 'move', value: '' })).toBe(Err.ALERT_PERCENT_WRONG);
    expect(code({ price: null })).toBe(Err.NOT_TRADABLE);
  });
});
