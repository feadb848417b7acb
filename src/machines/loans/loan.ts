/**
 * Loan lifecycle (docs/loans.md): a submitted loan waits for operators (`pending_review`), who
 * approve it (the principal is paid out, `repaying`) or reject it (collateral released,
 * `rejected`). A repaying loan past its due date becomes `overdue`; either ends `repaid` (the last
 * of the debt paid, collateral back) or `liquidated` (all collateral sold, the rest returned).
 * Partial repayments, daily accruals and partial liquidations do not change the status.
 * Pure definition shared by browser and server: the server checks every status change here.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

export type LoanEvent =
  | { type: 'loan.approve' }
  | { type: 'loan.reject' }
  | { type: 'loan.overdue' }
  | { type: 'loan.repay' }
  | { type: 'loan.liquidate' };

export const loanMachine = setup({
  types: { events: {} as LoanEvent },
}).createMachine({
  id: 'loan',
  initial: 'pending_review',
  states: {
    pending_review: {
      tags: ['review'],
      on: { 'loan.approve': 'repaying', 'loan.reject': 'rejected' },
    },
    rejected: { type: 'final' },
    repaying: {
      tags: ['open'],
      on: { 'loan.repay': 'repaid', 'loan.overdue': 'overdue', 'loan.liquidate': 'liquidated' },
    },
    overdue: {
      tags: ['open'],
      on: { 'loan.repay': 'repaid', 'loan.liquidate': 'liquidated' },
    },
    repaid: { type: 'final' },
    liquidated: { type: 'final' },
  },
});

/** A loan's status: a state of the chart above, and nothing else. */
export type LoanStatus = StatusOf<typeof loanMachine>;
/** Every loan status, in chart order ('pending_review' first). */
export const LOAN_STATUSES = statusNames(loanMachine);
/** Statuses in which a loan carries a debt (accrues, can be repaid or liquidated). */
export const OPEN_LOAN_STATUSES = ['repaying', 'overdue'] as const satisfies readonly LoanStatus[];

/** Whether the chart lets a loan in `status` take `event` (the app shows the repay button by it). */
export function loanAllows(status: string, event: LoanEvent['type']): boolean {
  if (!(LOAN_STATUSES as readonly string[]).includes(status)) return false;
  const snap = loanMachine.resolveState({ value: status, context: {} });
  return snap.status !== 'done' && snap.can({ type: event });
}
