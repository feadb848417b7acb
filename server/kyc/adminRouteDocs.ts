/**
 * What identity verification's operator routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listKyc: {
    operationId: 'listKyc',
    summary: 'Verification submissions (status=pending: the queue, oldest first)',
    description: 'Identity verification submissions, paged; `status=pending` is the queue, oldest first.',
    refusals: [],
  },
  getKyc: {
    operationId: 'getKyc',
    summary: 'One submission: the typed data and its image links',
    description:
      "One submission: the typed data and the links of its images (reading them is recorded in the customer's document access list).",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  approveKyc: {
    operationId: 'approveKyc',
    summary: 'Approve: the user is verified (audited)',
    description: 'Approves a pending submission: the customer is verified (audited); an operator cannot review their own.',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
  },
  rejectKyc: {
    operationId: 'rejectKyc',
    summary: 'Reject with a reason the user reads and an optional internal note (audited)',
    description: 'Rejects a pending submission with a reason the customer reads and an optional internal note (audited).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
  },
  rejectKycMany: {
    operationId: 'rejectKycMany',
    summary: 'Reject several submissions with one reason (each decided on its own, audited)',
    description:
      'Rejects up to 100 pending submissions with one reason the customers read, each decided on its own and audited as a single rejection (its own refusal code in the answer when it cannot be rejected: 10043, 10044, 10056).',
    refusals: [Err.MALFORMED_REQUEST],
  },
} as const satisfies Record<string, RouteDoc>;
