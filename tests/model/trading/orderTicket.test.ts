import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import type { OptionsPosition } from '../../../src/contract/trading.ts';
import { orderTicketMachine, ticketProblem, type TicketRequest } from '../../../src/machines/trading/orderTicket.ts';
import { checkModel } from '../pathRunner.ts';
import { badDraft, goodDraft, model, position } from './orderTicket.model.ts';

describe('order ticket: generated paths', () => {
  checkModel(model);
});

describe('order ticket: rules with their field and catalogue code', () => {
  const problem = (patch: Partial<typeof goodDraft.order>, rest: Partial<typeof goodDraft> = {}) => {
    const p = ticketProblem({ ...goodDraft, ...rest, order: { ...goodDraft.order, ...patch } });
    return p && [p.field, p.refusal.code];
  };
  it('accepts the good order; empty stops are no stops', () => {
    expect(problem({})).toBeNull();
    expect(problem({ stopLoss: '', takeProfit: ' ' })).toBeNull();
  });
  it('names the field of each broken rule', () => {
    expect(problem({ lots: '0.015' })).toEqual(['lots', Err.PURCHASE_AMOUNT_WRONG]);
    expect(problem({ lots: '0' })).toEqual(['lots', Err.PURCHASE_AMOUNT_WRONG]);
    expect(problem({ lots: '-1' })).toEqual(['lots', Err.PURCHASE_AMOUNT_WRONG]);
    expect(problem({ leverage: 3 })).toEqual(['leverage', Err.LEVERAGE_NOT_OFFERED]);
    expect(problem({ period: 61 })).toEqual(['period', Err.NO_MATCHING_PERIOD]);
    // up: the stop-loss below the price, the take-profit above, each at least 0.1 % away
    expect(problem({ stopLoss: '50100' })).toEqual(['stopLoss', Err.STOP_LOSS_UNREASONABLE]);
    expect(problem({ stopLoss: '49990' })).toEqual(['stopLoss', Err.STOP_LOSS_UNREASONABLE]);
    expect(problem({ takeProfit: '49000' })).toEqual(['takeProfit', Err.TAKE_PROFIT_UNREASONABLE]);
    // 10× leverage: stopped out at 45500, so a stop-loss below it never fires
    expect(problem({ stopLoss: '45000' })).toEqual(['combined', Err.STOPS_COMBINATION_UNREASONABLE]);
    expect(problem({ direction: 'down', stopLoss: '50300', takeProfit: '49500' })).toBeNull();
  });
  it('margin + fee must fit in the available balance; a closed market refuses first', () => {
    // margin 50 + fee 0.25
    expect(problem({}, { available: '50.25' })).toBeNull();
    expect(problem({}, { available: '50.24' })).toEqual(['balance', Err.INSUFFICIENT_BALANCE]);
    expect(problem({ lots: 'x' }, { product: { ...goodDraft.product, tradable: false } })).toEqual(['market', Err.NOT_TRADABLE]);
  });
});

describe('order ticket: the client key', () => {
  const run = () => {
    const sent: TicketRequest[] = [];
    const a = createActor(
      orderTicketMachine.provide({
        actors: {
          submit: fromPromise<OptionsPosition, TicketRequest>(
            async ({ input }) => (sent.push(input), new Promise<never>(() => {})),
          ),
        },
      }),
    ).start();
    return { a, sent };
  };
  it('a retry of the same values keeps the key; other values get a new one', async () => {
    const { a, sent } = run();
    a.send({ type: 'ticket.review', draft: goodDraft });
    a.send({ type: 'ticket.confirm', price: '50010.00' });
    await Promise.resolve();
    a.send({ type: 'xstate.error.actor.submit', error: { code: null, message: 'timeout' } } as never);
    // the panel asks the machine: the same order, no answer came: it is sent again at once
    expect(a.getSnapshot().can({ type: 'ticket.retry', draft: goodDraft })).toBe(true);
    expect(
      a.getSnapshot().can({ type: 'ticket.retry', draft: { ...goodDraft, order: { ...goodDraft.order, lots: '0.02' } } }),
    ).toBe(false);
    a.send({ type: 'ticket.retry', draft: goodDraft });
    await Promise.resolve();
    expect(sent).toHaveLength(2);
    expect(sent[1].body.clientKey).toBe(sent[0].body.clientKey);
    a.send({ type: 'xstate.error.actor.submit', error: { code: null, message: 'timeout' } } as never);
    a.send({ type: 'ticket.review', draft: { ...goodDraft, order: { ...goodDraft.order, lots: '0.02' } } });
    a.send({ type: 'ticket.confirm' });
    await Promise.resolve();
    expect(sent[2].body.lots).toBe('0.02');
    expect(sent[2].body.clientKey).not.toBe(sent[0].body.clientKey);
  });
  it('confirm checks again at the latest price; a refused draft is not taken (the panel asks `can`)', () => {
    const { a, sent } = run();
    expect(a.getSnapshot().can({ type: 'ticket.review', draft: badDraft })).toBe(false);
    expect(a.getSnapshot().can({ type: 'ticket.review', draft: goodDraft })).toBe(true);
    a.send({ type: 'ticket.review', draft: badDraft });
    expect(a.getSnapshot().value).toBe('editing');
    a.send({ type: 'ticket.review', draft: goodDraft });
    expect(a.getSnapshot().value).toBe('confirming');
    // the price fell through the stop-loss while the dialog was open
    a.send({ type: 'ticket.confirm', price: '49650.00' });
    expect(a.getSnapshot().value).toBe('failed');
    expect(a.getSnapshot().context.refusal?.code).toBe(Err.STOP_LOSS_UNREASONABLE);
    // an answer came (a refusal): no retry at once, the order is reviewed again
    expect(a.getSnapshot().can({ type: 'ticket.retry', draft: goodDraft })).toBe(false);
    expect(sent).toHaveLength(0);
  });
  it('done keeps the position; reset starts a fresh ticket', () => {
    const { a } = run();
    a.send({ type: 'ticket.review', draft: goodDraft });
    a.send({ type: 'ticket.confirm' });
    a.send({ type: 'xstate.done.actor.submit', output: position } as never);
    expect(a.getSnapshot().context.result).toEqual(position);
    a.send({ type: 'ticket.reset' });
    expect(a.getSnapshot().context).toMatchObject({ draft: null, result: null, clientKey: null });
  });
});
