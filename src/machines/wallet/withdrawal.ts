/**
 * Withdrawal lifecycle: submitted (the amount already sits in the withdrawal hold), then
 * approved (payout recorded with its chain transaction; hold → payouts and fee) or rejected
 * (hold released back to available, reason shown). Both ends are final.
 * Pure definition shared by browser and server: the server checks every status change here.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

export type WithdrawalEvent =
  { type: 'withdrawal.approve'; payoutTxHash: string } | { type: 'withdrawal.reject'; reason: string };

export const withdrawalMachine = setup({
  types: { events: {} as WithdrawalEvent },
}).createMachine({
  id: 'withdrawal',
  initial: 'pending',
  states: {
    pending: {
      tags: ['awaitingReview'],
      on: { 'withdrawal.approve': 'approved', 'withdrawal.reject': 'rejected' },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});

/** A withdrawal's status: a state of the chart above, and nothing else. */
export type WithdrawalStatus = StatusOf<typeof withdrawalMachine>;
/** Every withdrawal status, in chart order ('pending' first). */
export const WITHDRAWAL_STATUSES = statusNames(withdrawalMachine);
