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
    expect(WITHDRAWAL_STATUSES).toEqual(['pending', 'approved', 'rejected', 'queued', 'waitingFunds', 'sent', 'confirmed']);
  });

  it('the server moves a record only along the chart and refuses anything else with STATUS_TRANSITION_DENIED', () => {
    expect(nextStatus(depositMachine, 'pending', { type: 'deposit.approve' })).toBe('approved');
    expect(nextStatus(withdrawalMachine, 'pending', { type: 'withdrawal.reject', reason: 'r' })).toBe('rejected');
    // how an approval pays decides where it goes: by hand (unwatched), checked on the node, or sent by the platform
    const approve = (route?: 'hand' | 'verified' | 'platform') => ({
      type: 'withdrawal.approve' as const,
      payoutTxHash: 'ab',
      route,
    });
    expect(nextStatus(withdrawalMachine, 'pending', approve())).toBe('approved');
    expect(nextStatus(withdrawalMachine, 'pending', approve('verified'))).toBe('sent');
    expect(nextStatus(withdrawalMachine, 'pending', approve('platform'))).toBe('queued');
    expect(nextStatus(withdrawalMachine, 'sent', { type: 'withdrawal.confirmed' })).toBe('confirmed');
    // a confirmation never skips the chain, and a confirmed payout is never broadcast again
    expect(() => nextStatus(withdrawalMachine, 'queued', { type: 'withdrawal.confirmed' })).toThrow(
      expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
    );
    expect(() => nextStatus(withdrawalMachine, 'confirmed', { type: 'withdrawal.broadcast', txHash: 'ab' })).toThrow(
      expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
    );
    for (const status of ['approved', 'rejected'] as const) {
      expect(() => nextStatus(depositMachine, status, { type: 'deposit.reject', reason: 'again' })).toThrow(
        expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
      );
    }
  });
});
