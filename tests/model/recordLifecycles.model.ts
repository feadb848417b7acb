import { expect } from 'vitest';
import { depositMachine } from '../../src/machines/deposit.ts';
import { withdrawalMachine } from '../../src/machines/withdrawal.ts';
import { defineModel } from './paths.ts';

/**
 * The deposit and withdrawal lifecycles that the server checks every status change against
 * (server/wallet/lifecycle.ts): pending awaits review; approval and rejection are final, so no
 * further decision moves them.
 */
const awaiting = (s: { hasTag: (t: string) => boolean; status: string }) => {
  expect(s.hasTag('awaitingReview')).toBe(true);
  expect(s.status).toBe('active');
};
const settled = (s: { hasTag: (t: string) => boolean; status: string }) => {
  expect(s.hasTag('awaitingReview')).toBe(false);
  expect(s.status).toBe('done');
};

export const model = defineModel(
  {
    name: 'deposit',
    machine: depositMachine,
    events: [{ type: 'deposit.approve' }, { type: 'deposit.reject', reason: 'no such transaction on chain' }],
    assertions: { pending: awaiting, approved: settled, rejected: settled },
    provide: () => depositMachine,
    expected: { states: 3, edges: 2 },
  },
  {
    name: 'withdrawal',
    machine: withdrawalMachine,
    events: [{ type: 'withdrawal.approve', payoutTxHash: `0x${'ab'.repeat(32)}` }, { type: 'withdrawal.reject', reason: 'address on a sanctions list' }],
    assertions: { pending: awaiting, approved: settled, rejected: settled },
    provide: () => withdrawalMachine,
    expected: { states: 3, edges: 2 },
  },
);
