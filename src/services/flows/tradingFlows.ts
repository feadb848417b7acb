import { fromPromise } from 'xstate';
import type { OptionsPosition } from '../../contract/trading.ts';
import { orderTicketMachine } from '../../machines/orderTicket.ts';
import { positionCloseMachine } from '../../machines/positionClose.ts';
import { stopsBody, stopsEditMachine } from '../../machines/stopsEdit.ts';
import type { Book } from '../../contract/constants.ts';
import { tradingApi } from '../tradingApi.ts';
import { pendingBody, pendingCancelMachine, pendingOrderFormMachine } from '../../machines/pendingOrderForm.ts';
import { chartStopMachine } from '../../machines/chartStops.ts';
import type { PendingOrderWire } from '../../contract/pendingOrders.ts';

/**
 * The order ticket with its effects: `submit` is the buyOptions call for the book the dialog
 * showed (with the machine's client key; the abort signal passed through), and after a success
 * the screen's `onOpened` (it asks again for the book's orders and balances and shows the
 * result). The toast comes with the live order.opened event (user events actor), not from here,
 * so the user sees one.
 */
export const orderTicketFlow = (onOpened: (position: OptionsPosition) => void) =>
  orderTicketMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.buy({ book: input.book }, input.body, signal)) },
    actions: { opened: (_, p) => onOpened(p.output) },
  });

/**
 * Changing a position's stops: `submit` is the updateOptionsStops call in the position's book
 * (only the id and the levels go out: the terms and price were for the guard), then `onSaved`.
 */
export const stopsEditFlow = (book: Book, onSaved: (position: OptionsPosition) => void) =>
  stopsEditMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.stops({ book }, stopsBody(input), signal)) },
    actions: { submitted: (_, p) => onSaved(p.output) },
  });

/**
 * Closing a position once the user confirmed it: `submit` is closeOptions in the position's own
 * book (a receipt opened from the other book closes there too), then `onClosed` (the book's
 * orders and balances are asked again; the toast comes with the order.closed event).
 */
export const positionCloseFlow = (onClosed: (position: OptionsPosition) => void) =>
  positionCloseMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.close({ book: input.book }, input.position.id, signal)) },
    actions: { submitted: (_, p) => onClosed(p.output) },
  });

/** A pending entry order once confirmed: placePendingOptions in the book the dialog showed, then `onPlaced`. */
export const pendingOrderFlow = (onPlaced: (order: PendingOrderWire) => void) =>
  pendingOrderFormMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.placePending({ book: input.book }, pendingBody(input), signal)) },
    actions: { submitted: (_, p) => onPlaced(p.output) },
  });

/** Cancelling a pending order once confirmed (its hold returns), then `onCancelled`. */
export const pendingCancelFlow = (onCancelled: (order: PendingOrderWire) => void) =>
  pendingCancelMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.cancelPending({ book: input.book }, input.id, signal)) },
    actions: { submitted: (_, p) => onCancelled(p.output) },
  });

/** A stop moved on the chart, once confirmed: the stops editor's call (updateOptionsStops) in the position's book. */
export const chartStopFlow = (book: Book, onSaved: (position: OptionsPosition) => void) =>
  chartStopMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.stops({ book }, stopsBody(input), signal)) },
    actions: { submitted: (_, p) => onSaved(p.output) },
  });
