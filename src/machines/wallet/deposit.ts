/**
 * Deposit (recharge) lifecycle: submitted for review, then approved (the ledger credits the
 * user's real available balance) or rejected (with a reason the user sees). Both ends are final.
 * Pure definition shared by browser and server: the server checks every status change here.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

export type DepositEvent = { type: 'deposit.approve' } | { type: 'deposit.reject'; reason: string };

export const depositMachine = setup({
  types: { events: {} as DepositEvent },
}).createMachine({
  id: 'deposit',
  initial: 'pending',
  states: {
    pending: {
      tags: ['awaitingReview'],
      on: { 'deposit.approve': 'approved', 'deposit.reject': 'rejected' },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});

/** A deposit's status: a state of the chart above, and nothing else. */
export type DepositStatus = StatusOf<typeof depositMachine>;
/** Every deposit status, in chart order ('pending' first). */
export const DEPOSIT_STATUSES = statusNames(depositMachine);
