import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { OptionsPosition } from '../../contract/trading.ts';
import { orderTicketMachine } from '../../machines/trading/orderTicket.ts';
import { positionCloseMachine } from '../../machines/trading/positionClose.ts';
import { stopsBody, stopsEditMachine } from '../../machines/trading/stopsEdit.ts';
import type { Book } from '../../contract/constants.ts';
import { tradingApi } from './api.ts';
import { pendingBody, pendingCancelMachine, pendingOrderFormMachine } from '../../machines/trading/pendingOrderForm.ts';
import { chartStopMachine } from '../../machines/trading/chartStops.ts';
import { invalidateKeys } from '../platform/queries/invalidation.ts';
import { orderChanged } from './changes.ts';
import { orderKeysOf } from './keys.ts';

/**
 * The trading flows with their effects: each service call in the book it belongs to (the abort
 * signal passed through), and after a success what it changed asked again here, not by the
 * screen: opening, closing, placing or cancelling makes the book's orders, balances and statement
 * stale (orderChanged; the live order event may come later, or not at all while the
 * socket is down); new stops make the book's orders stale. The toast of an opened or closed
 * position comes with its live event (user events actor), not from here, so the user sees one.
 */

/** The order ticket: `submit` is buyOptions for the book the dialog showed, with the machine's client key. */
export const orderTicketFlow = (client: QueryClient) =>
  orderTicketMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.buy({ book: input.book }, input.body, signal)) },
    actions: { opened: (_, p) => void invalidateKeys(client, orderChanged(p.output.book)) },
  });

/** New stops were stored: the book's orders (list and receipt) are asked again. */
const stopsSaved =
  (client: QueryClient, book: Book, onSaved: (position: OptionsPosition) => void) => (position: OptionsPosition) => {
    void invalidateKeys(client, orderKeysOf(book));
    onSaved(position);
  };

/**
 * Changing a position's stops: `submit` is the updateOptionsStops call in the position's book
 * (only the id and the levels go out: the terms and price were for the guard), then `onSaved`
 * (the screen shows the levels as stored).
 */
export const stopsEditFlow = (client: QueryClient, book: Book, onSaved: (position: OptionsPosition) => void) => {
  const saved = stopsSaved(client, book, onSaved);
  return stopsEditMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.stops({ book }, stopsBody(input), signal)) },
    actions: { submitted: (_, p) => saved(p.output) },
  });
};

/** Closing a position once the user confirmed it: closeOptions in the position's own book (a receipt opened from the other book closes there too). */
export const positionCloseFlow = (client: QueryClient) =>
  positionCloseMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.close({ book: input.book }, input.position.id, signal)) },
    actions: { submitted: (_, p) => void invalidateKeys(client, orderChanged(p.output.book)) },
  });

/** A pending entry order once confirmed: placePendingOptions in the book the dialog showed, with the machine's client key. */
export const pendingOrderFlow = (client: QueryClient) =>
  pendingOrderFormMachine.provide({
    actors: {
      submit: fromPromise(({ input, signal }) =>
        tradingApi.placePending({ book: input.book }, pendingBody(input, input.clientKey), signal),
      ),
    },
    actions: { submitted: (_, p) => void invalidateKeys(client, orderChanged(p.output.book)) },
  });

/** Cancelling a pending order once confirmed (its hold returns). */
export const pendingCancelFlow = (client: QueryClient) =>
  pendingCancelMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.cancelPending({ book: input.book }, input.id, signal)) },
    actions: { submitted: (_, p) => void invalidateKeys(client, orderChanged(p.output.book)) },
  });

/** A stop moved on the chart, once confirmed: the stops editor's call (updateOptionsStops) in the position's book, then `onSaved`. */
export const chartStopFlow = (client: QueryClient, book: Book, onSaved: (position: OptionsPosition) => void) => {
  const saved = stopsSaved(client, book, onSaved);
  return chartStopMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => tradingApi.stops({ book }, stopsBody(input), signal)) },
    actions: { submitted: (_, p) => saved(p.output) },
  });
};
