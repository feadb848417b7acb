import { describe, expect, it } from 'vitest';
import { depositMachine, DEPOSIT_STATUSES } from '../../../src/machines/wallet/deposit.ts';
import { withdrawalMachine, WITHDRAWAL_STATUSES } from '../../../src/machines/wallet/withdrawal.ts';
import { nextStatus } from '../../../server/platform/statusTransitions.ts';
import { Err } from '../../../src/contract/errors.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './recordLifecycles.model.ts';

describe('deposit and withdrawal lifecycles', () => {
  checkModel(model);

  it('the statuses are the charts’ states, pending first', () => {
    expect(DEPOSIT_STATUSES).toEqual(['pending', 'approved', 'rejected']);
    expect(WITHDRAWAL_STATUSES).toEqual(['pending', 'approved', 'rejected']);
  });

  it('the server moves a record only along the chart and refuses anything else with STATUS_TRANSITION_DENIED', () => {
    expect(nextStatus(depositMachine, 'pending', { type: 'deposit.approve' })).toBe('approved');
    expect(nextStatus(withdrawalMachine, 'pending', { type: 'withdrawal.reject', reason: 'r' })).toBe('rejected');
    for (const status of ['approved', 'rejected'] as const) {
      expect(() => nextStatus(depositMachine, status, { type: 'deposit.reject', reason: 'again' })).toThrow(
        expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
      );
    }
  });
});
