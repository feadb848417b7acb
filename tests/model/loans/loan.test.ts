import { describe, expect, it } from 'vitest';
import { loanAllows, loanMachine, LOAN_STATUSES } from '../../../src/machines/loans/loan.ts';
import { nextStatus } from '../../../server/platform/statusTransitions.ts';
import { Err } from '../../../src/contract/errors.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './loan.model.ts';

describe('loan lifecycle', () => {
  checkModel(model);

  it('the statuses are the chart’s states, pending_review first', () => {
    expect(LOAN_STATUSES).toEqual(['pending_review', 'rejected', 'repaying', 'overdue', 'repaid', 'liquidated']);
  });

  it('the server moves a loan only along the chart; the app offers repay only on an open loan', () => {
    expect(nextStatus(loanMachine, 'pending_review', { type: 'loan.approve' })).toBe('repaying');
    expect(nextStatus(loanMachine, 'pending_review', { type: 'loan.reject' })).toBe('rejected');
    expect(nextStatus(loanMachine, 'repaying', { type: 'loan.overdue' })).toBe('overdue');
    expect(nextStatus(loanMachine, 'overdue', { type: 'loan.liquidate' })).toBe('liquidated');
    expect(nextStatus(loanMachine, 'repaying', { type: 'loan.liquidate' })).toBe('liquidated');
    expect(nextStatus(loanMachine, 'overdue', { type: 'loan.repay' })).toBe('repaid');
    const denied = expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED });
    expect(() => nextStatus(loanMachine, 'pending_review', { type: 'loan.repay' })).toThrow(denied);
    expect(() => nextStatus(loanMachine, 'overdue', { type: 'loan.overdue' })).toThrow(denied);
    for (const status of ['rejected', 'repaid', 'liquidated'] as const) {
      expect(() => nextStatus(loanMachine, status, { type: 'loan.approve' })).toThrow(denied);
      expect(loanAllows(status, 'loan.repay')).toBe(false);
    }
    expect(loanAllows('repaying', 'loan.repay')).toBe(true);
    expect(loanAllows('overdue', 'loan.repay')).toBe(true);
    expect(loanAllows('nonsense', 'loan.repay')).toBe(false);
  });
});
