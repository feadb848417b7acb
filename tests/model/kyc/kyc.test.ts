import { describe, expect, it } from 'vitest';
import { Err } from '../../../src/contract/errors.ts';
import { KYC_MAX_RESUBMISSIONS } from '../../../src/contract/kycRules.ts';
import { kycMachine, KYC_STATUSES } from '../../../src/machines/kyc/kyc.ts';
import { nextStatus } from '../../../server/platform/statusTransitions.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './kyc.model.ts';

describe('identity verification lifecycle', () => {
  checkModel(model);

  it('the statuses are the chart’s states, the values of users.kyc_status', () => {
    expect(KYC_STATUSES).toEqual(['none', 'pending', 'verified', 'rejected']);
  });

  it('the server moves a status only along the chart and refuses anything else with STATUS_TRANSITION_DENIED', () => {
    expect(nextStatus(kycMachine, 'none', { type: 'kyc.submit', rejections: 0 })).toBe('pending');
    expect(nextStatus(kycMachine, 'pending', { type: 'kyc.reject', reason: 'r' })).toBe('rejected');
    expect(nextStatus(kycMachine, 'rejected', { type: 'kyc.submit', rejections: KYC_MAX_RESUBMISSIONS })).toBe('pending');
    expect(nextStatus(kycMachine, 'pending', { type: 'kyc.approve' })).toBe('verified');
    expect(nextStatus(kycMachine, 'verified', { type: 'kyc.update' })).toBe('pending');
    expect(() => nextStatus(kycMachine, 'rejected', { type: 'kyc.update' })).toThrow(
      expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED }),
    );
    const denied = expect.objectContaining({ code: Err.STATUS_TRANSITION_DENIED });
    expect(() => nextStatus(kycMachine, 'rejected', { type: 'kyc.submit', rejections: KYC_MAX_RESUBMISSIONS + 1 })).toThrow(
      denied,
    );
    expect(() => nextStatus(kycMachine, 'verified', { type: 'kyc.reject', reason: 'again' })).toThrow(denied);
    expect(() => nextStatus(kycMachine, 'pending', { type: 'kyc.submit', rejections: 0 })).toThrow(denied);
    expect(() => nextStatus(kycMachine, 'none', { type: 'kyc.approve' })).toThrow(denied);
  });
});
