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
      tags: ['notice'],
      on: { 'chainDeposit.reorged': 'dropped' },
    },
    dropped: {
      tags: ['notice'],
      on: { 'chainDeposit.seenAgain': 'confirming' },
    },
    credited: { type: 'final' },
  },
});

/** A chain deposit's status: a state of the chart above, and nothing else. */
export type ChainDepositStatus = StatusOf<typeof chainDepositMachine>;
/** Every chain deposit status, in chart order ('confirming' first). */
export const CHAIN_DEPOSIT_STATUSES = statusNames(chainDepositMachine);

/** What a status means on a screen, asked of the chart (the views never compare status names themselves). */
export interface ChainDepositView {
  /** i18n key of the status label (`chain.status.<status>`) */
  key: string;
  /** waiting for its block to be N deep: the screen shows "confirming k/N" and its bar */
  confirming: boolean;
  /** comes with a notice: why it was not credited (dropped, below the minimum) */
  notice: boolean;
  /** final: credited, nothing changes any more */
  final: boolean;
  /** it may come back to confirming (the same transaction mined again after a reorganisation) */
  mayReturn: boolean;
}

export function chainDepositView(status: string): ChainDepositView {
  if (!(CHAIN_DEPOSIT_STATUSES as readonly string[]).includes(status))
    return { key: 'chain.status.unknown', confirming: false, notice: false, final: false, mayReturn: false };
  const snap = chainDepositMachine.resolveState({ value: status as ChainDepositStatus, context: undefined });
  return {
    key: `chain.status.${status}`,
    confirming: snap.hasTag('confirming'),
    notice: snap.hasTag('notice'),
    final: snap.status === 'done',
    mayReturn: snap.can({ type: 'chainDeposit.seenAgain' }),
  };
}
