import { expect } from 'vitest';
import { pendingOrderMachine, type PendingOrderEvent } from '../../../src/machines/trading/pendingOrder.ts';
import { defineModel } from '../paths.ts';

/**
 * The pending entry order lifecycle the server checks every status change against
 * (server/trading/pending.ts): a pending order is live; it leaves `pending` once, filled,
 * refused at its level, cancelled or expired, and every end is final.
 */
const events: PendingOrderEvent[] = [
  { type: 'pending.fill' },
  { type: 'pending.refuse' },
  { type: 'pending.cancel' },
  { type: 'pending.expire' },
];
const ended = (s: { hasTag: (t: string) => boolean; status: string; can: (e: PendingOrderEvent) => boolean }) => {
  expect(s.hasTag('live')).toBe(false);
  expect(s.status).toBe('done');
  for (const e of events) expect(s.can(e)).toBe(false);
};

export const model = defineModel({
  machine: pendingOrderMachine,
  events,
  assertions: {
    pending: (s) => {
      expect(s.hasTag('live')).toBe(true);
      expect(s.status).toBe('active');
    },
    filled: ended,
    refused: ended,
    cancelled: ended,
    expired: ended,
  },
  provide: () => pendingOrderMachine,
  expected: { states: 5, edges: 4 },
});
