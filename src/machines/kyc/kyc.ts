/**
 * Identity verification (KYC) of one user: `none` (not certified) → `pending` (an operator
 * decides within 48 hours) → `verified`, or `rejected` with a reason the user reads → a new
 * submission (`pending` again), at most KYC_MAX_RESUBMISSIONS times; after that support decides.
 * A verified person changes their data only through an explicit update (`kyc.update`), which goes
 * back to review like a first submission: while it waits they are `pending` (running loans go on,
 * new loans wait for the approval); a rejected update leaves them `rejected` like any submission.
 * The states are the values of users.kyc_status. Pure definition shared by browser and server:
 * the server moves a user's status only along this chart (server/kyc/submissions.ts).
 */
import { assertEvent, setup } from 'xstate';
import { KYC_MAX_RESUBMISSIONS } from '../../contract/kycRules.ts';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

export type KycEvent =
  /** `rejections`: how many of the user's submissions were rejected so far */
  | { type: 'kyc.submit'; rejections: number }
  /** a verified person's new data, back to review */
  | { type: 'kyc.update' }
  | { type: 'kyc.approve' }
  | { type: 'kyc.reject'; reason: string };

export const kycMachine = setup({
  types: { events: {} as KycEvent },
  guards: {
    /** a resubmission after a rejection, while the user has some left */
    resubmissionLeft: ({ event }) => {
      assertEvent(event, 'kyc.submit');
      return event.rejections <= KYC_MAX_RESUBMISSIONS;
    },
  },
}).createMachine({
  id: 'kyc',
  initial: 'none',
  states: {
    none: { on: { 'kyc.submit': 'pending' } },
    pending: {
      tags: ['awaitingReview'],
      on: { 'kyc.approve': 'verified', 'kyc.reject': 'rejected' },
    },
    // the data of a verified person changes only through an explicit update, reviewed again
    verified: { on: { 'kyc.update': 'pending' } },
    rejected: { on: { 'kyc.submit': { guard: 'resubmissionLeft', target: 'pending' } } },
  },
});

/** A user's verification status: a state of the chart above ('none' = not certified). */
export type KycStatus = StatusOf<typeof kycMachine>;
/** Every status, in chart order ('none' first). */
export const KYC_STATUSES = statusNames(kycMachine);
