import type { AnyStateMachine } from 'xstate';
import { DEPOSIT_STATUSES, depositMachine } from '../wallet/deposit.ts';
import { WITHDRAWAL_STATUSES, withdrawalMachine } from '../wallet/withdrawal.ts';

/**
 * Status labels of deposit and withdrawal records come from the lifecycle statecharts
 * themselves: a record's status must be a state of its machine (anything else shows as
 * unknown, never as an invented status). The label key names the machine and the state, e.g.
 * `wallet.status.withdrawal.approved` ("completed": the payout went out).
 */
export type RecordKind = 'deposit' | 'withdrawal';
const MACHINES: Record<RecordKind, AnyStateMachine> = { deposit: depositMachine, withdrawal: withdrawalMachine };

/** The states of the lifecycle, in the order the chart declares them. */
export const statusesOf = (kind: RecordKind): string[] => [...(kind === 'deposit' ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES)];

export interface StatusView {
  /** i18n key of the label */
  key: string;
  /** still waiting for an operator (the chart's `awaitingReview` tag) */
  awaitingReview: boolean;
  /** a final state: nothing will change any more */
  final: boolean;
}

export function statusView(kind: RecordKind, status: string): StatusView {
  const node = MACHINES[kind].root.states[status];
  if (!node) return { key: 'wallet.status.unknown', awaitingReview: false, final: false };
  return {
    key: `wallet.status.${kind}.${status}`,
    awaitingReview: node.tags.includes('awaitingReview'),
    final: node.type === 'final',
  };
}
