/**
 * What the loans' routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  getLoanTerms: {
    operationId: 'getLoanTerms',
    summary: 'Loan terms and the current agreement in the request’s language (public)',
    description:
      "The loan terms (collateral assets, LTV, rates, periods, the interest-free days) and the current agreement text in the request's language.",
    refusals: [],
  },
  loan: {
    operationId: 'loan',
    summary:
      'Apply for a loan (multipart: collateralAsset, amount, days, agreementVersion, fullName, clientKey and the drawn signature image `signature`): collateral locked, waiting for review. Success 20001; a retry with the same clientKey answers the first loan.',
    description:
      "Applies for a loan in the real book (multipart: collateralAsset, amount, days, agreementVersion, fullName, clientKey and the drawn signature image): needs a verified identity, waits for an operator's review. Success answers 20001; a retry with the same clientKey answers the first loan.",
    refusals: [
      Err.DEMO_NOT_ALLOWED,
      Err.USER_NOT_AUTHENTICATED,
      Err.LOAN_AMOUNT_WRONG,
      Err.LOAN_PERIOD_WRONG,
      Err.LOAN_AGREEMENT_OUTDATED,
      Err.LOAN_NOT_SIGNED,
      Err.LOAN_PENDING_EXISTS,
      Err.PRICE_UNAVAILABLE,
      Err.INSUFFICIENT_BALANCE,
      Err.UPLOAD_REQUIRED,
      Err.IMAGE_FORMAT_WRONG,
      Err.IMAGE_TOO_LARGE,
    ],
    moves:
      'the collateral moves from available to locked at once; the principal is credited when an operator approves, and the collateral returns when one rejects.',
  },
  listLoanRecord: {
    operationId: 'listLoanRecord',
    summary: 'My loans, newest first, with live LTV and accrued interest',
    description: "The caller's loans, newest first, paged, with the live LTV and the interest accrued (real book only).",
    refusals: [Err.DEMO_NOT_ALLOWED],
  },
  getLoanDetail: {
    operationId: 'getLoanDetail',
    summary: 'One of my loans with its daily interest rows, repayments and liquidations',
    description: "One of the caller's loans with its daily interest rows, repayments and liquidations.",
    refusals: [Err.DEMO_NOT_ALLOWED, Err.RECORD_NOT_FOUND],
  },
  repayLoan: {
    operationId: 'repayLoan',
    summary: 'Repay in part or in full: interest first, then principal; the whole debt releases the collateral',
    description:
      "Repays one of the caller's loans in part or in full: interest first, then principal; a retry with the same clientKey answers the first.",
    refusals: [
      Err.DEMO_NOT_ALLOWED,
      Err.RECORD_NOT_FOUND,
      Err.LOAN_REPAY_AMOUNT_WRONG,
      Err.STATUS_TRANSITION_DENIED,
      Err.INSUFFICIENT_BALANCE,
    ],
    moves:
      'the amount from available to the loan book (interest to the house, principal back); repaying the whole debt releases the collateral.',
    examples: { body: { id: '1', amount: '250.5', clientKey: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d' } },
  },
} as const satisfies Record<string, RouteDoc>;
