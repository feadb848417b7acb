/**
 * What the loans' operator routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listLoans: {
    operationId: 'listLoans',
    summary: 'Loans (status=pending_review for the queue, oldest first)',
    description: 'Loans of every customer, paged; `status=pending_review` is the queue, oldest first.',
    refusals: [],
  },
  getLoan: {
    operationId: 'getLoan',
    summary: 'A loan with its accruals, repayments and liquidations',
    description: 'A loan with its accruals, repayments and liquidations.',
    refusals: [Err.RECORD_NOT_FOUND],
  },
  getLoanSignature: {
    operationId: 'getLoanSignature',
    summary: 'The signature drawn when signing',
    description:
      'The signature drawn when the customer signed the agreement, as a download (the reading is recorded in their document access list).',
    refusals: [Err.RECORD_NOT_FOUND],
  },
  approveLoan: {
    operationId: 'approveLoan',
    summary:
      'Approve (audited). Four eyes: the first approval is recorded (step "first"); a second, different operator pays the principal out (step "final").',
    description:
      "Approves a loan under review (audited; with two-factor on, a fresh code). Four eyes: the first approval is recorded and a second operator's pays the principal; an operator cannot review their own.",
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.STATUS_TRANSITION_DENIED,
      Err.OWN_RECORD_REVIEW,
      Err.SECOND_OPERATOR_REQUIRED,
      Err.USER_NOT_AUTHENTICATED,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
    moves: "at the final approval the principal is credited to the customer's real book from the house's loan account.",
  },
  rejectLoan: {
    operationId: 'rejectLoan',
    summary: 'Reject with a reason the user sees; the collateral goes back (audited)',
    description: 'Rejects a loan under review with a reason the customer reads (audited; with two-factor on, a fresh code).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
    moves: "the locked collateral returns to the customer's available balance.",
  },
  rejectLoans: {
    operationId: 'rejectLoans',
    summary: 'Reject several loans under review with one reason (each decided on its own, audited)',
    description:
      'Rejects up to 100 loans under review with one reason the borrowers read, each decided on its own and audited as a single rejection (its own refusal code in the answer when it cannot be rejected: 10043, 10044, 10056, 10150, 10151). Inside the review window when two-factor is required.',
    refusals: [Err.MALFORMED_REQUEST],
    moves: "each rejected loan's locked collateral returns to its borrower's available balance.",
  },
} as const satisfies Record<string, RouteDoc>;
