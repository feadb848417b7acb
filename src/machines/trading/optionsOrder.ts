/**
 * Options order (position) lifecycle: a position exists only once it is open (a refused order
 * writes nothing); it closes exactly once, for one reason: its take-profit, stop-loss or
 * stop-out level was reached, its period ended, or the user closed it. Closed is final.
 * Pure definition shared by browser and server: the server checks every status change here.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

/** Why a position closed, as stored on its receipt and sent on the wire. */
export const CLOSE_REASONS = ['take_profit', 'stop_loss', 'stop_out', 'expiry', 'manual'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export type OptionsOrderEvent =
  | { type: 'order.takeProfit' }
  | { type: 'order.stopLoss' }
  | { type: 'order.stopOut' }
  | { type: 'order.expire' }
  | { type: 'order.close' };

/** The event of the chart that closes a position for `reason`. */
export const CLOSE_EVENT: Record<CloseReason, OptionsOrderEvent> = {
  take_profit: { type: 'order.takeProfit' },
  stop_loss: { type: 'order.stopLoss' },
  stop_out: { type: 'order.stopOut' },
  expiry: { type: 'order.expire' },
  manual: { type: 'order.close' },
};

export const optionsOrderMachine = setup({
  types: { events: {} as OptionsOrderEvent },
}).createMachine({
  id: 'optionsOrder',
  initial: 'open',
  states: {
    open: {
      tags: ['live'],
      on: {
        'order.takeProfit': 'closed',
        'order.stopLoss': 'closed',
        'order.stopOut': 'closed',
        'order.expire': 'closed',
        'order.close': 'closed',
      },
    },
    closed: { type: 'final' },
  },
});

/** A position's status: a state of the chart above, and nothing else. */
export type OptionsOrderStatus = StatusOf<typeof optionsOrderMachine>;
/** Every status, in chart order ('open' first). */
export const OPTIONS_ORDER_STATUSES = statusNames(optionsOrderMachine);
