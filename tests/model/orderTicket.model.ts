import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { Err } from '../../src/contract/errors.ts';
import type { OptionsPosition, OptionsProduct } from '../../src/contract/trading.ts';
import { orderTicketMachine, type TicketContext, type TicketDraft, type TicketEvent, type TicketRequest } from '../../src/machines/orderTicket.ts';
import { refused } from '../../src/machines/refusal.ts';
import { defineModel } from './paths.ts';

/**
 * The order ticket (src/machines/orderTicket.ts): generated paths over review (an order the
 * rules accept and one they refuse), cancel, confirm, edit, retry and reset, with the submit
 * actor's success or refusal delivered as fixtures. What must hold:
 * - nothing is sent unless the rules accepted the order, and then exactly that order's body;
 * - the same values sent again (a retry) carry the same client key; a new key after a success;
 * - `failed` shows the rule's catalogue code for refused values, the service's for the others;
 * - `done` holds the opened position and `opened` ran once per success.
 */
export const btcProduct: OptionsProduct = {
  code: 'BTCUSDT', type: 'crypto', contractSize: '1', lotStep: '0.01', leverageChoices: [1, 2, 5, 10, 20],
  periodChoices: [60, 300, 900, 3600, 14400, 86400], feeRate: '0.0005', maxNotional: '1000000', stopOutLevel: '0.9',
  minDistance: '0.001', pricePrecision: 2, tradable: true, quoteRate: '1', maxOpenPositions: 200,
};
export const goodDraft: TicketDraft = {
  book: 'demo', product: btcProduct, price: '50000.00', available: '1000',
  order: { direction: 'up', lots: '0.01', leverage: 10, period: 300, stopLoss: '49700', takeProfit: '50500' },
};
/** 0.015 is not a multiple of the 0.01 lot step */
export const badDraft: TicketDraft = { ...goodDraft, order: { ...goodDraft.order, lots: '0.015' } };
export const position = { id: '9', orderNo: 'OP1', code: 'BTCUSDT', status: 'open' } as OptionsPosition;
const serviceError = { code: Err.INSUFFICIENT_BALANCE, message: 'Insufficient balance' };

type Snap = { context: TicketContext; hasTag: (t: string) => boolean; status: string };
const snap = (s: unknown) => s as Snap;
const sends = (r: string[]) => r.filter((w) => w.startsWith('submit:')).map((w) => JSON.parse(w.slice(7)) as TicketRequest);
const successes = (r: string[]) => r.filter((w) => w.startsWith('opened:')).length;

const events: TicketEvent[] = [
  { type: 'ticket.review', draft: goodDraft },
  { type: 'ticket.review', draft: badDraft },
  { type: 'ticket.cancel' },
  { type: 'ticket.confirm', price: '50000.00' },
  { type: 'ticket.edit' },
  { type: 'ticket.retry' },
  { type: 'ticket.reset' },
  { type: 'xstate.done.actor.submit', output: position } as never,
  { type: 'xstate.error.actor.submit', error: serviceError } as never,
];

/** Every send carried the good order; sends of the same values between successes share one key, and each success starts a new one. */
function keysHold(r: string[]) {
  let key: string | null = null;
  for (const w of r) {
    if (w.startsWith('opened:')) key = null;
    if (!w.startsWith('submit:')) continue;
    const req = JSON.parse(w.slice(7)) as TicketRequest;
    expect(req.book).toBe('demo');
    expect({ ...req.body, clientKey: '' }).toEqual({ code: 'BTCUSDT', direction: 'up', lots: '0.01', leverage: 10, period: 300, stopLoss: '49700', takeProfit: '50500', clientKey: '' });
    if (key !== null) expect(req.body.clientKey).toBe(key);
    key = req.body.clientKey;
  }
  const all = sends(r).map((s) => s.body.clientKey);
  expect(all.every((k) => /^[A-Za-z0-9_-]{8,64}$/.test(k))).toBe(true);
}

export const model = defineModel({
  machine: orderTicketMachine,
  events,
  // the guards of confirm and retry read the draft kept in context: good and bad drafts are different states
  contextKey: (s) => s.context.draft?.order.lots ?? 'none',
  provide: (record) =>
    orderTicketMachine.provide({
      actors: { submit: fromPromise<OptionsPosition, TicketRequest>(({ input }) => (record(`submit:${JSON.stringify(input)}`), new Promise<never>(() => {}))) },
      actions: { opened: (_, p) => record(`opened:${p.output.id}`) },
    }),
  assertions: {
    editing: (s, r) => {
      const x = snap(s);
      expect(x.context.refusal).toBeNull();
      expect(x.hasTag('busy')).toBe(false);
      expect(x.hasTag('confirming')).toBe(false);
      keysHold(r);
    },
    confirming: (s, r) => {
      const x = snap(s);
      // only an order the rules accept reaches the dialog
      expect(x.context.draft).toEqual(goodDraft);
      expect(x.hasTag('confirming')).toBe(true);
      expect(x.hasTag('busy')).toBe(false);
      keysHold(r);
    },
    submitting: (s, r) => {
      const x = snap(s);
      expect(x.hasTag('busy')).toBe(true);
      expect(sends(r).at(-1)?.body.clientKey).toBe(x.context.clientKey);
      expect(r.at(-1)?.startsWith('submit:')).toBe(true);
      keysHold(r);
    },
    failed: (s, r) => {
      const x = snap(s);
      expect(x.hasTag('busy')).toBe(false);
      if (x.context.draft?.order.lots === badDraft.order.lots) expect(x.context.refusal).toEqual(refused(Err.PURCHASE_AMOUNT_WRONG));
      else expect(x.context.refusal).toEqual(serviceError);
      keysHold(r);
    },
    done: (s, r) => {
      const x = snap(s);
      expect(x.context.result).toEqual(position);
      expect(r.at(-1)).toBe('opened:9');
      expect(x.context.clientKey).toBeNull();
      expect(successes(r)).toBeLessThanOrEqual(sends(r).length);
      keysHold(r);
    },
  },
  simplePaths: false,
});
