import { expect } from 'vitest';
import { loanMachine, type LoanEvent } from '../../../src/machines/loans/loan.ts';
import { defineModel } from '../paths.ts';

/**
 * The loan lifecycle the server checks every status change against (server/loans): review, then
 * a debt that is repaid or liquidated, possibly after falling overdue. The ends are final, so no
 * loan is paid out, repaid or liquidated twice.
 */
type Snap = { hasTag: (t: string) => boolean; status: string; can: (e: LoanEvent) => boolean };
const inReview = (s: Snap) => {
  expect(s.hasTag('review')).toBe(true);
  expect(s.can({ type: 'loan.repay' })).toBe(false);
  expect(s.can({ type: 'loan.liquidate' })).toBe(false);
};
const open = (s: Snap) => {
  expect(s.hasTag('open')).toBe(true);
  expect(s.status).toBe('active');
  expect(s.can({ type: 'loan.repay' })).toBe(true);
  expect(s.can({ type: 'loan.liquidate' })).toBe(true);
  expect(s.can({ type: 'loan.approve' })).toBe(false);
};
const overdue = (s: Snap) => {
  open(s);
  expect(s.can({ type: 'loan.overdue' })).toBe(false);
};
const ended = (s: Snap) => {
  expect(s.hasTag('open')).toBe(false);
  expect(s.status).toBe('done');
};

const events: LoanEvent[] = [
  { type: 'loan.approve' },
  { type: 'loan.reject' },
  { type: 'loan.overdue' },
  { type: 'loan.repay' },
  { type: 'loan.liquidate' },
];

export const model = defineModel({
  name: 'loan',
  machine: loanMachine,
  events,
  assertions: { pending_review: inReview, repaying: open, overdue, rejected: ended, repaid: ended, liquidated: ended },
  provide: () => loanMachine,
  expected: { states: 6, edges: 7 },
});
