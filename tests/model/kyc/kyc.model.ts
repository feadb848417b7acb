import { expect } from 'vitest';
import { KYC_MAX_RESUBMISSIONS } from '../../../src/contract/kycRules.ts';
import { kycMachine, type KycEvent } from '../../../src/machines/kyc/kyc.ts';
import { defineModel } from '../paths.ts';

/**
 * The identity verification lifecycle the server checks every status change against
 * (server/kyc/submissions.ts): not certified → pending → verified, or rejected → resubmitted
 * while resubmissions are left; a verified person goes back to review only through an explicit update.
 */
type Snap = { hasTag: (t: string) => boolean; can: (e: KycEvent) => boolean };
const last: KycEvent = { type: 'kyc.submit', rejections: KYC_MAX_RESUBMISSIONS };
const tooMany: KycEvent = { type: 'kyc.submit', rejections: KYC_MAX_RESUBMISSIONS + 1 };
const update: KycEvent = { type: 'kyc.update' };
const events: KycEvent[] = [
  { type: 'kyc.submit', rejections: 0 },
  last,
  tooMany,
  update,
  { type: 'kyc.approve' },
  { type: 'kyc.reject', reason: 'the photo is blurred' },
];

export const model = defineModel({
  machine: kycMachine,
  events,
  provide: () => kycMachine,
  assertions: {
    none: (s: Snap) => {
      expect(s.can({ type: 'kyc.submit', rejections: 0 })).toBe(true);
      expect(s.can(update)).toBe(false);
      expect(s.can({ type: 'kyc.approve' })).toBe(false);
    },
    pending: (s: Snap) => {
      expect(s.hasTag('awaitingReview')).toBe(true);
      // one submission pending at a time
      expect(s.can({ type: 'kyc.submit', rejections: 0 })).toBe(false);
    },
    verified: (s: Snap) => {
      expect(s.hasTag('awaitingReview')).toBe(false);
      // no plain resubmission: only the explicit update goes back to review
      for (const e of events) expect(s.can(e)).toBe(e === update);
    },
    rejected: (s: Snap) => {
      expect(s.can(last)).toBe(true);
      expect(s.can(tooMany)).toBe(false);
      expect(s.can({ type: 'kyc.approve' })).toBe(false);
      expect(s.can(update)).toBe(false);
    },
  },
  expected: { states: 4, edges: 5 },
});
