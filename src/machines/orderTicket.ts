import Decimal from 'decimal.js';
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { Book } from '../contract/constants.ts';
import { Err } from '../contract/errors.ts';
import { trailingDistanceBroken, trailingStart } from '../contract/entryMath.ts';
import { orderFigures, orderRuleBroken, termsOf, type OrderInput, type OrderRule } from '../contract/optionsMath.ts';
import { BuyOptionsBody, ORDER_RULE_CODES, type OptionsPosition, type OptionsProduct } from '../contract/trading.ts';
import { schemaRefusal } from './contractCheck.ts';
import { refused, refusalOf, type Refusal } from './refusal.ts';

/**
 * The order ticket of the trade panel: the user edits an order, reviews it in a confirmation
 * dialog (every figure, the book), confirms, and the service opens the position.
 *
 *   editing ─ticket.review [valid]→ confirming ─ticket.confirm [valid at the new price]→ submitting ─done→ done
 *      │      └[else]→ failed        ├ticket.cancel→ editing          └[else]→ failed          └error→ failed
 *   failed ─ticket.edit→ editing, ─ticket.review→ (as from editing), ─ticket.retry [valid]→ submitting
 *   done ─ticket.reset→ editing
 *
 * The guards are the contract's rules (src/contract/optionsMath.ts orderRuleBroken, each rule
 * its catalogue code; the BuyOptionsBody schema) plus the two the app can see itself: the market
 * is tradable and margin + fee fit in the available balance. The price moves between review and
 * confirm: `ticket.confirm` carries the latest feed price and the order is checked again at it.
 *
 * Client key: one per order the user means to open. It is made when the values are first sent
 * and kept while the same values are sent again (a retry after a timeout whose request may have
 * arrived: the service answers with the first order instead of opening a second); other values
 * or a success start a new one. The `submit` actor (the HTTP call) and `opened` (what follows a
 * success) are supplied by src/services/flows/tradingFlows.ts.
 */

/** What the panel submits: the order and what it is checked against. */
export interface TicketDraft {
  book: Book;
  product: OptionsProduct;
  /** the live feed price the figures were computed at */
  price: string;
  /** USDT available in the book; null while unknown (the service checks anyway) */
  available: string | null;
  order: OrderInput;
  /**
   * A trailing stop's distance instead of a fixed stop-loss (docs/trading.md, "Trailing stop"):
   * the order's stop-loss is then its start, price ∓ distance, at whatever price it is checked.
   */
  trailingDistance?: string | null;
}

/** What goes to the service: the body (with the client key) and the book it is for. */
export interface TicketRequest {
  book: Book;
  body: BuyOptionsBody;
}

export interface TicketContext {
  draft: TicketDraft | null;
  refusal: Refusal | null;
  result: OptionsPosition | null;
  clientKey: string | null;
  /** the values the client key was made for */
  keyedValues: string | null;
}

export type TicketEvent =
  | { type: 'ticket.review'; draft: TicketDraft }
  | { type: 'ticket.confirm'; price?: string }
  | { type: 'ticket.cancel' }
  | { type: 'ticket.edit' }
  | { type: 'ticket.retry' }
  | { type: 'ticket.reset' };

/** Where a problem shows in the panel (inline, beside its field). */
export type TicketField = OrderRule | 'market' | 'balance' | 'form';
export interface TicketProblem {
  field: TicketField;
  refusal: Refusal;
}

const emptyToNull = (s: string | null | undefined) => (s == null || s.trim() === '' ? null : s.trim());

/** The body the service gets (without the key's value, which the machine adds). */
export function bodyOf(d: TicketDraft, clientKey: string): BuyOptionsBody {
  const trailingDistance = emptyToNull(d.trailingDistance);
  const stopLoss = trailingDistance ? null : emptyToNull(d.order.stopLoss);
  const takeProfit = emptyToNull(d.order.takeProfit);
  return {
    code: d.product.code,
    direction: d.order.direction,
    lots: d.order.lots.trim(),
    leverage: d.order.leverage,
    period: d.order.period,
    ...(stopLoss ? { stopLoss } : {}),
    ...(takeProfit ? { takeProfit } : {}),
    ...(trailingDistance ? { trailingDistance } : {}),
    clientKey,
  };
}

/** The first problem of a draft, in the order the service checks, with the field it belongs to; null when it can be sent. */
export function ticketProblem(d: TicketDraft): TicketProblem | null {
  if (!d.product.tradable) return { field: 'market', refusal: refused(Err.NOT_TRADABLE) };
  const distance = emptyToNull(d.trailingDistance);
  if (distance !== null && trailingDistanceBroken(distance, d.price, d.product)) return { field: 'stopLoss', refusal: refused(Err.TRAILING_DISTANCE_WRONG) };
  // a trailing stop is checked as the stop-loss it starts at, at this price
  const stopLoss = distance !== null ? trailingStart(d.order.direction, d.price, distance, d.product.pricePrecision) : emptyToNull(d.order.stopLoss);
  const order = { ...d.order, lots: d.order.lots.trim(), stopLoss, takeProfit: emptyToNull(d.order.takeProfit) };
  const rule = orderRuleBroken(d.product, order, d.price, d.product.quoteRate);
  if (rule) return { field: rule, refusal: refused(ORDER_RULE_CODES[rule]) };
  if (d.available !== null) {
    const { required } = orderFigures(termsOf(d.product, order, d.price, d.product.quoteRate), order);
    if (new Decimal(required).gt(d.available)) return { field: 'balance', refusal: refused(Err.INSUFFICIENT_BALANCE) };
  }
  const malformed = schemaRefusal(BuyOptionsBody, bodyOf(d, 'check-key-0'));
  return malformed ? { field: 'form', refusal: malformed } : null;
}

export const ticketRefusal = (d: TicketDraft | null): Refusal | null => (d ? (ticketProblem(d)?.refusal ?? null) : refused(Err.MALFORMED_REQUEST));

/** The values a client key belongs to: the order and where it goes, not the price it was seen at. */
const keyedValuesOf = (d: TicketDraft) => JSON.stringify([d.book, bodyOf(d, '')]);

const withPrice = (d: TicketDraft | null, price: string | undefined) => (d && price ? { ...d, price } : d);

export const orderTicketMachine = setup({
  types: {
    context: {} as TicketContext,
    events: {} as TicketEvent,
  },
  actors: {
    submit: fromPromise<OptionsPosition, TicketRequest>(async () => {
      throw new Error('orderTicket: submit not provided');
    }),
  },
  actions: {
    keepDraft: assign({ draft: ({ event }) => (event.type === 'ticket.review' ? event.draft : null), refusal: null }),
    reprice: assign({ draft: ({ context, event }) => (event.type === 'ticket.confirm' ? withPrice(context.draft, event.price) : context.draft) }),
    refuseDraft: assign({ refusal: ({ event }) => (event.type === 'ticket.review' ? ticketRefusal(event.draft) : null) }),
    refuseRepriced: assign({ refusal: ({ context, event }) => ticketRefusal(event.type === 'ticket.confirm' ? withPrice(context.draft, event.price) : context.draft) }),
    forget: assign({ refusal: null }),
    /** the same values keep their key; other values get a new one */
    keyFor: assign(({ context }) => {
      const values = context.draft ? keyedValuesOf(context.draft) : null;
      if (values !== null && values === context.keyedValues && context.clientKey) return {};
      return { clientKey: crypto.randomUUID(), keyedValues: values };
    }),
    keepResult: assign({ result: (_, p: { output: OptionsPosition }) => p.output, clientKey: null, keyedValues: null }),
    fail: assign({ refusal: (_, p: { error: unknown }) => refusalOf(p.error) }),
    clear: assign({ draft: null, refusal: null, result: null }),
    /** what follows a success (supplied by the flow: caches, navigation) */
    opened: (_, _p: { output: OptionsPosition }) => {},
  },
  guards: {
    reviewable: ({ event }) => event.type === 'ticket.review' && ticketRefusal(event.draft) === null,
    confirmable: ({ context, event }) => ticketRefusal(event.type === 'ticket.confirm' ? withPrice(context.draft, event.price) : context.draft) === null,
  },
}).createMachine({
  id: 'orderTicket',
  context: { draft: null, refusal: null, result: null, clientKey: null, keyedValues: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'ticket.review': [
          { guard: 'reviewable', target: 'confirming', actions: 'keepDraft' },
          { target: 'failed', actions: ['keepDraft', 'refuseDraft'] },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'ticket.confirm': [
          { guard: 'confirmable', target: 'submitting', actions: ['reprice', 'keyFor'] },
          { target: 'failed', actions: ['refuseRepriced', 'reprice'] },
        ],
        'ticket.cancel': 'editing',
      },
    },
    submitting: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ book: context.draft!.book, body: bodyOf(context.draft!, context.clientKey!) }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }: { event: DoneActorEvent<OptionsPosition> }) => ({ output: event.output }) },
            { type: 'opened', params: ({ event }: { event: DoneActorEvent<OptionsPosition> }) => ({ output: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'ticket.review': [
          { guard: 'reviewable', target: 'confirming', actions: 'keepDraft' },
          { target: 'failed', actions: ['keepDraft', 'refuseDraft'] },
        ],
        'ticket.retry': { guard: 'confirmable', target: 'submitting', actions: ['forget', 'keyFor'] },
        'ticket.edit': { target: 'editing', actions: 'forget' },
      },
    },
    done: {
      on: { 'ticket.reset': { target: 'editing', actions: 'clear' } },
    },
  },
});

/** What the panel and the dialog show of the ticket. */
export function ticketView(s: { context: TicketContext; value: unknown; hasTag: (tag: string) => boolean }) {
  return {
    state: s.value as 'editing' | 'confirming' | 'submitting' | 'failed' | 'done',
    busy: s.hasTag('busy'),
    dialogOpen: s.hasTag('confirming'),
    draft: s.context.draft,
    refusal: s.value === 'failed' ? s.context.refusal : null,
    result: s.value === 'done' ? s.context.result : null,
  };
}
