import Decimal from 'decimal.js';
import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { Book } from '../../contract/constants.ts';
import { Err } from '../../contract/errors.ts';
import { trailingDistanceBroken, trailingStart } from '../../contract/entryMath.ts';
import { orderFigures, orderRuleBroken, termsOf, type OrderInput, type OrderRule } from '../../contract/optionsMath.ts';
import { BuyOptionsBody, ORDER_RULE_CODES, type OptionsPosition, type OptionsProduct } from '../../contract/trading.ts';
import { isRetryOf, keyFor, type KeptKey } from '../platform/clientKey.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import { refused, refusalOf, type Refusal } from '../platform/refusal.ts';
import { levelOf, orderTermsOf } from './orderBody.ts';

/**
 * The order ticket of the trade panel: the user edits an order, reviews it in a confirmation
 * dialog (every figure, the book), confirms, and the service opens the position.
 *
 *   editing ─ticket.review [valid]→ confirming ─ticket.confirm [valid at the new price]→ submitting ─done→ done
 *                                     ├ticket.cancel→ editing          └[else]→ failed          └error→ failed
 *   failed ─ticket.edit→ editing, ─ticket.review [valid]→ confirming,
 *          ─ticket.retry [no answer came, the same order, valid]→ submitting (no second dialog)
 *   done ─ticket.reset→ editing
 *
 * The guards are the contract's rules (src/contract/optionsMath.ts orderRuleBroken, each rule
 * its catalogue code; the BuyOptionsBody schema) plus the two the app can see itself: the market
 * is tradable and margin + fee fit in the available balance. A draft that breaks one is not
 * taken at all: the panel asks `state.can({ type: 'ticket.review', draft })` to enable its button
 * and shows the rule's problem beside its field (`ticketProblem`). The price moves between review
 * and confirm: `ticket.confirm` carries the latest feed price and the order is checked again at it.
 *
 * Client key (clientKey.ts): kept with the order it was made for, so a retry of the same order
 * (after a timeout whose request may have arrived) is answered with the first order instead of
 * opening a second; other values or a success start a new one. `ticket.retry` carries the panel's
 * draft and is taken only when no answer came and the order is the one sent. The `submit` actor
 * (the HTTP call) and `opened` (what follows a success) are supplied by
 * src/services/platform/tradingFlows.ts.
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
  clientKey: KeptKey | null;
}

export type TicketEvent =
  | { type: 'ticket.review'; draft: TicketDraft }
  | { type: 'ticket.confirm'; price?: string }
  | { type: 'ticket.cancel' }
  | { type: 'ticket.edit' }
  /** send the failed order again at once: `draft` is the panel's, taken only if it is the same order */
  | { type: 'ticket.retry'; draft: TicketDraft }
  | { type: 'ticket.reset' };

/** Where a problem shows in the panel (inline, beside its field). */
export type TicketField = OrderRule | 'market' | 'balance' | 'form';
export interface TicketProblem {
  field: TicketField;
  refusal: Refusal;
}

/** The body the service gets (without the key's value, which the machine adds). */
export function bodyOf(d: TicketDraft, clientKey: string): BuyOptionsBody {
  const trailingDistance = levelOf(d.trailingDistance);
  const stopLoss = trailingDistance ? null : levelOf(d.order.stopLoss);
  const takeProfit = levelOf(d.order.takeProfit);
  return {
    ...orderTermsOf(d.product, d.order),
    ...(stopLoss ? { stopLoss } : {}),
    ...(takeProfit ? { takeProfit } : {}),
    ...(trailingDistance ? { trailingDistance } : {}),
    clientKey,
  };
}

/** The first problem of a draft, in the order the service checks, with the field it belongs to; null when it can be sent. */
export function ticketProblem(d: TicketDraft): TicketProblem | null {
  if (!d.product.tradable) return { field: 'market', refusal: refused(Err.NOT_TRADABLE) };
  const distance = levelOf(d.trailingDistance);
  if (distance !== null && trailingDistanceBroken(distance, d.price, d.product))
    return { field: 'stopLoss', refusal: refused(Err.TRAILING_DISTANCE_WRONG) };
  // a trailing stop is checked as the stop-loss it starts at, at this price
  const stopLoss =
    distance !== null ? trailingStart(d.order.direction, d.price, distance, d.product.pricePrecision) : levelOf(d.order.stopLoss);
  const order = { ...d.order, lots: d.order.lots.trim(), stopLoss, takeProfit: levelOf(d.order.takeProfit) };
  const rule = orderRuleBroken(d.product, order, d.price, d.product.quoteRate);
  if (rule) return { field: rule, refusal: refused(ORDER_RULE_CODES[rule]) };
  if (d.available !== null) {
    const { required } = orderFigures(termsOf(d.product, order, d.price, d.product.quoteRate), order);
    if (new Decimal(required).gt(d.available)) return { field: 'balance', refusal: refused(Err.INSUFFICIENT_BALANCE) };
  }
  const malformed = schemaRefusal(BuyOptionsBody, bodyOf(d, 'check-key-0'));
  return malformed ? { field: 'form', refusal: malformed } : null;
}

export const ticketRefusal = (d: TicketDraft | null): Refusal | null =>
  d ? (ticketProblem(d)?.refusal ?? null) : refused(Err.MALFORMED_REQUEST);

/** The values a client key belongs to: the order and where it goes, not the price it was seen at. */
const keyedValuesOf = (d: TicketDraft) => [d.book, bodyOf(d, '')];

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
    keepDraft: assign(({ event }) => {
      assertEvent(event, ['ticket.review', 'ticket.retry']);
      return { draft: event.draft, refusal: null };
    }),
    reprice: assign(({ context, event }) => {
      assertEvent(event, 'ticket.confirm');
      return { draft: withPrice(context.draft, event.price) };
    }),
    refuseRepriced: assign(({ context, event }) => {
      assertEvent(event, 'ticket.confirm');
      return { refusal: ticketRefusal(withPrice(context.draft, event.price)) };
    }),
    forget: assign({ refusal: null }),
    /** the same order keeps its key; another order gets a new one */
    keyFor: assign({ clientKey: ({ context }) => keyFor(context.clientKey, keyedValuesOf(context.draft!)) }),
    keepResult: assign({ result: (_, p: { output: OptionsPosition }) => p.output, clientKey: null }),
    fail: assign({ refusal: (_, p: { error: unknown }) => refusalOf(p.error) }),
    clear: assign({ draft: null, refusal: null, result: null }),
    /** what follows a success (supplied by the flow: caches, navigation) */
    opened: (_, _p: { output: OptionsPosition }) => {},
  },
  guards: {
    reviewable: ({ event }) => {
      assertEvent(event, 'ticket.review');
      return ticketRefusal(event.draft) === null;
    },
    confirmable: ({ context, event }) => {
      assertEvent(event, 'ticket.confirm');
      return ticketRefusal(withPrice(context.draft, event.price)) === null;
    },
    /** no answer came (the request may have arrived), the panel still holds that order, and it is valid now */
    retryable: ({ context, event }) => {
      assertEvent(event, 'ticket.retry');
      return (
        context.refusal?.code === null &&
        isRetryOf(context.clientKey, keyedValuesOf(event.draft)) &&
        ticketRefusal(event.draft) === null
      );
    },
  },
}).createMachine({
  id: 'orderTicket',
  context: { draft: null, refusal: null, result: null, clientKey: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'ticket.review': { guard: 'reviewable', target: 'confirming', actions: 'keepDraft' } },
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
        input: ({ context }) => ({ book: context.draft!.book, body: bodyOf(context.draft!, context.clientKey!.key) }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }: { event: DoneActorEvent<OptionsPosition> }) => ({ output: event.output }) },
            { type: 'opened', params: ({ event }: { event: DoneActorEvent<OptionsPosition> }) => ({ output: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        'ticket.review': { guard: 'reviewable', target: 'confirming', actions: 'keepDraft' },
        'ticket.retry': { guard: 'retryable', target: 'submitting', actions: ['keepDraft', 'keyFor'] },
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
