import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { Err } from '../../../src/contract/errors.ts';
import type { OptionsPosition, OptionsProduct } from '../../../src/contract/trading.ts';
import { refused } from '../../../src/machines/platform/refusal.ts';
import {
  orderTicketMachine,
  type TicketContext,
  type TicketDraft,
  type TicketEvent,
  type TicketRequest,
} from '../../../src/machines/trading/orderTicket.ts';
import { expectKeyRule, type KeyEntry } from '../clientKeyRule.ts';
import { defineModel } from '../paths.ts';
import { BTC_PRODUCT } from './products.ts';

/**
 * The order ticket (src/machines/trading/orderTicket.ts): generated paths over review (an order the
 * rules accept and one they refuse, which is not taken), cancel, confirm, edit, retry and reset,
 * with the submit actor's success, refusal or lost answer delivered as fixtures. What must hold:
 * - nothing is sent unless the rules accepted the order, and then exactly that order's body;
 * - the client keys follow the rule of every money flow (clientKeyRule.ts): the same order sent
 *   again carries its key, a new key after a success;
 * - `failed` shows the service's refusal or the lost answer; only the latter may be retried at once;
 * - `done` holds the opened position and `opened` ran once per success.
 */
export const btcProduct: OptionsProduct = BTC_PRODUCT;
export const goodDraft: TicketDraft = {
  book: 'demo',
  product: btcProduct,
  price: '50000.00',
  available: '1000',
  order: { direction: 'up', lots: '0.01', leverage: 10, period: 300, stopLoss: '49700', takeProfit: '50500' },
};
/** 0.015 is not a multiple of the 0.01 lot step */
export const badDraft: TicketDraft = { ...goodDraft, order: { ...goodDraft.order, lots: '0.015' } };
export const position = { id: '9', orderNo: 'OP1', code: 'BTCUSDT', status: 'open' } as OptionsPosition;
const serviceError = { code: Err.INSUFFICIENT_BALANCE, message: 'Insufficient balance' };
/** no answer came (a timeout): the order may have been opened */
const lostAnswer = { code: null, message: 'timeout' };

type Snap = { context: TicketContext; hasTag: (t: string) => boolean; status: string };
const snap = (s: unknown) => s as Snap;
const sends = (r: string[]) => r.filter((w) => w.startsWith('submit:')).map((w) => JSON.parse(w.slice(7)) as TicketRequest);
const successes = (r: string[]) => r.filter((w) => w.startsWith('opened:')).length;

const events: TicketEvent[] = [
  { type: 'ticket.review', draft: goodDraft },
  { type: 'ticket.review', draft: badDraft },
  { type: 'ticket.cancel' },
  { type: 'ticket.confirm', price: '50000.00' },
  // the price fell through the stop-loss while the dialog was open
  { type: 'ticket.confirm', price: '49650.00' },
  { type: 'ticket.edit' },
  { type: 'ticket.retry', draft: goodDraft },
  { type: 'ticket.reset' },
  { type: 'xstate.done.actor.submit', output: position } as never,
  { type: 'xstate.error.actor.submit', error: serviceError } as never,
  { type: 'xstate.error.actor.submit', error: lostAnswer } as never,
];

/** Every send carried the good order, with keys by the rule (clientKeyRule.ts). */
function keysHold(r: string[]) {
  const entries = r.flatMap((w): KeyEntry[] => {
    if (w.startsWith('opened:')) return ['success'];
    if (!w.startsWith('submit:')) return [];
    const req = JSON.parse(w.slice(7)) as TicketRequest;
    expect(req.book).toBe('demo');
    expect({ ...req.body, clientKey: '' }).toEqual({
      code: 'BTCUSDT',
      direction: 'up',
      lots: '0.01',
      leverage: 10,
      period: 300,
      stopLoss: '49700',
      takeProfit: '50500',
      clientKey: '',
    });
    return [{ key: req.body.clientKey, values: JSON.stringify([req.book, { ...req.body, clientKey: '' }]) }];
  });
  expectKeyRule(entries);
}

export const model = defineModel({
  machine: orderTicketMachine,
  events,
  // the guards of confirm and retry read the draft and the refusal kept in context: a refusal and a
  // lost answer are different states (only the latter may be retried at once)
  contextKey: (s) =>
    `${s.context.draft?.order.lots ?? 'none'}|${s.context.refusal === null ? '-' : String(s.context.refusal.code)}`,
  provide: (record) =>
    orderTicketMachine.provide({
      actors: {
        submit: fromPromise<OptionsPosition, TicketRequest>(
          ({ input }) => (record(`submit:${JSON.stringify(input)}`), new Promise<never>(() => {})),
        ),
      },
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
      expect(sends(r).at(-1)?.body.clientKey).toBe(x.context.clientKey?.key);
      expect(r.at(-1)?.startsWith('submit:')).toBe(true);
      keysHold(r);
    },
    failed: (s, r) => {
      const x = snap(s);
      expect(x.hasTag('busy')).toBe(false);
      // a refused draft is never taken: what failed is a good order the service refused, whose answer
      // was lost, or that the rules refuse at the price of the confirmation
      expect({ ...x.context.draft, price: goodDraft.price }).toEqual(goodDraft);
      expect([serviceError, lostAnswer, refused(Err.STOP_LOSS_UNREASONABLE)]).toContainEqual(x.context.refusal);
      if (x.context.draft?.price !== goodDraft.price) expect(x.context.refusal).toEqual(refused(Err.STOP_LOSS_UNREASONABLE));
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
