/**
 * A deposit seen on a watched chain (docs/wallet.md, "Deposits from the chain"): confirming until
 * its block is N deep, then credited (final: a reorganisation deeper than N afterwards is an
 * incident for operators, never a silent reversal). One whose block is reorganised away before
 * that is dropped, and comes back to confirming if the same transaction is mined again. One below
 * the coin's minimum is recorded as belowMinimum and never credited.
 * Pure definition shared by browser and server: the server checks every status change here.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

export type ChainDepositEvent =
  | { type: 'chainDeposit.confirmed' }
  | { type: 'chainDeposit.belowMinimum' }
  | { type: 'chainDeposit.reorged' }
  | { type: 'chainDeposit.seenAgain' };

export const chainDepositMachine = setup({
  types: { events: {} as ChainDepositEvent },
}).createMachine({
  id: 'chainDeposit',
  initial: 'confirming',
  states: {
    confirming: {
      tags: ['confirming'],
      on: {
        'chainDeposit.confirmed': 'credited',
        'chainDeposit.belowMinimum': 'belowMinimum',
        'chainDeposit.reorged': 'dropped',
      },
    },
    belowMinimum: {
      on: { 'chainDeposit.reorged': 'dropped' },
    },
    dropped: {
      on: { 'chainDeposit.seenAgain': 'confirming' },
    },
    credited: { type: 'final' },
  },
});

/** A chain deposit's status: a state of the chart above, and nothing else. */
export type ChainDepositStatus = StatusOf<typeof chainDepositMachine>;
/** Every chain deposit status, in chart order ('confirming' first). */
export const CHAIN_DEPOSIT_STATUSES = statusNames(chainDepositMachine);
