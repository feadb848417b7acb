/**
 * Pending entry order lifecycle (docs/trading.md, "Pending entry orders"): an options order that
 * waits for the price to reach its entry level. It leaves `pending` exactly once: filled (the
 * position opened at the crossing tick), refused (the rules or the balance failed at that tick),
 * cancelled by the user, or expired. Its hold is released on every exit. Pure definition shared
 * by browser and server: the server checks every status change here.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

/** limit: opens at a better price than now (up: at or below the level); stop: on a breakout (up: at or above). */
export const ENTRY_KINDS = ['limit', 'stop'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export type PendingOrderEvent =
  { type: 'pending.fill' } | { type: 'pending.refuse' } | { type: 'pending.cancel' } | { type: 'pending.expire' };

export const pendingOrderMachine = setup({
  types: { events: {} as PendingOrderEvent },
}).createMachine({
  id: 'pendingEntry',
  initial: 'pending',
  states: {
    pending: {
      tags: ['live'],
      on: { 'pending.fill': 'filled', 'pending.refuse': 'refused', 'pending.cancel': 'cancelled', 'pending.expire': 'expired' },
    },
    filled: { type: 'final' },
    refused: { type: 'final' },
    cancelled: { type: 'final' },
    expired: { type: 'final' },
  },
});

export type PendingOrderStatus = StatusOf<typeof pendingOrderMachine>;
export const PENDING_ORDER_STATUSES = statusNames(pendingOrderMachine);

/**
 * Which way the price must move to reach the level: up+limit and down+stop fill at or below it,
 * up+stop and down+limit at or above it.
 */
export function entryFillsAtOrBelow(direction: 'up' | 'down', kind: EntryKind): boolean {
  return (direction === 'up') === (kind === 'limit');
}
