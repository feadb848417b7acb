import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import { levelAt, proposeStops } from '../../../src/machines/trading/chartStops.ts';
import {
  pendingBody,
  pendingHold,
  pendingOrderFormMachine,
  pendingRefusal,
} from '../../../src/machines/trading/pendingOrderForm.ts';
import { checkModel } from '../pathRunner.ts';
import { model as lifecycle } from './pendingOrder.model.ts';
import { draft, model as form } from './pendingOrderForm.model.ts';
import { model as chart } from './chartStops.model.ts';
import { draft as stops } from './stopsEdit.model.ts';

describe('pending entry order lifecycle: generated paths', () => checkModel(lifecycle));
describe('pending order form and cancel: generated paths', () => checkModel(form));
describe('stops moved on the chart: generated paths', () => checkModel(chart));

describe("pending order form: the service's rules and codes", () => {
  const code = (over: Partial<typeof draft>) => pendingRefusal({ ...draft, ...over })?.code ?? null;
  it('a buy limit below the price, a buy stop above it; the hold is margin + fee at the level', () => {
    expect(code({})).toBeNull();
    expect(pendingHold(draft)).toBe('663.300000');
    expect(code({ entryKind: 'stop', entryPrice: '68000' })).toBeNull();
    expect(code({ entryPrice: '67000' })).toBe(Err.ENTRY_LEVEL_WRONG);
    expect(code({ entryKind: 'stop', entryPrice: '66000' })).toBe(Err.ENTRY_LEVEL_WRONG);
    expect(code({ validity: 60 })).toBe(Err.PENDING_VALIDITY_NOT_OFFERED);
    expect(code({ available: '600' })).toBe(Err.INSUFFICIENT_BALANCE);
    expect(code({ price: null })).toBe(Err.NOT_TRADABLE);
  });
  it('the stop-loss field is a trailing distance when trailing is on', () => {
    const t = { ...draft, trailing: true, order: { ...draft.order, stopLoss: '500' } };
    expect(pendingBody(t, 'key-0001')).toMatchObject({ stopLoss: null, trailingDistance: '500' });
    expect(pendingRefusal(t)).toBeNull();
    expect(pendingRefusal({ ...t, order: { ...t.order, stopLoss: '10' } })?.code).toBe(Err.TRAILING_DISTANCE_WRONG);
  });
});

describe('pending order form: the review button asks the machine', () => {
  // what PendingTicket asks for its button: the machine takes the draft, or not
  const takes = (over: Partial<typeof draft>) => {
    const actor = createActor(pendingOrderFormMachine).start();
    const can = actor.getSnapshot().can({ type: 'pendingOrder.submit', values: { ...draft, ...over } });
    actor.stop();
    return can;
  };
  it('takes a draft the service would accept, and none that breaks one of its rules', () => {
    expect(takes({})).toBe(true);
    for (const over of [
      { entryPrice: '68000' },
      { entryPrice: 'abc' },
      { validity: 60 },
      { available: '600' },
      { price: null },
      { product: { ...draft.product, tradable: false } },
      { order: { ...draft.order, lots: '0.001' } },
    ] as Partial<typeof draft>[]) {
      expect(takes(over), JSON.stringify(over)).toBe(false);
      // and the ticket has the reason to show beside it
      expect(pendingRefusal({ ...draft, ...over }), JSON.stringify(over)).not.toBeNull();
    }
  });
  it('takes nothing while the dialog is open or the order is on its way', () => {
    const actor = createActor(pendingOrderFormMachine).start();
    actor.send({ type: 'pendingOrder.submit', values: draft });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().can({ type: 'pendingOrder.submit', values: draft })).toBe(false);
    actor.stop();
  });
});

describe('stops on the chart: pointer to level', () => {
  it('the pixel row maps linearly onto the plotted prices, clamped to the plot', () => {
    const area = { top: 20, height: 300, min: 66000, max: 69000 };
    expect(levelAt(20, area, 2)).toBe('69000.00');
    expect(levelAt(320, area, 2)).toBe('66000.00');
    expect(levelAt(170, area, 2)).toBe('67500.00');
    expect(levelAt(500, area, 2)).toBe('66000.00');
  });
  it('a proposal moves one level and keeps the other', () => {
    const base = { id: '9', terms: stops.terms, stopOut: stops.stopOut, minDistance: stops.minDistance, price: stops.price };
    expect(proposeStops(base, { stopLoss: '66000.00', takeProfit: '69000.00' }, 'stopLoss', '66500.00')).toMatchObject({
      stopLoss: '66500.00',
      takeProfit: '69000.00',
    });
    expect(proposeStops(base, { stopLoss: null, takeProfit: '69000.00' }, 'takeProfit', '70000.00')).toMatchObject({
      stopLoss: '',
      takeProfit: '70000.00',
    });
  });
});
