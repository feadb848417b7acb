/**
 * What the smart plans' operator routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  getSmartReserve: {
    operationId: 'getSmartReserve',
    summary: 'The yield reserve: balance, committed yield, coverage and recent fundings',
    description:
      'The yield reserve: its balance, the yield committed to running plans, the coverage, and the recent fundings and withdrawals.',
    refusals: [],
  },
  proposeSmartReserve: {
    operationId: 'proposeSmartReserve',
    summary:
      'Propose house capital into (kind fund) or out of (withdraw) the reserve, with where it is held; nothing moves until another operator confirms (audited)',
    description:
      'Proposes house capital into (kind fund) or out of (withdraw) the yield reserve, with its evidence; nothing moves until another operator confirms (audited).',
    refusals: [
      Err.AMOUNT_INVALID,
      Err.OPERATOR_AMOUNT_ABOVE_MAX,
      Err.OPERATOR_AMOUNT_PRECISION,
      Err.RESERVE_FUNDING_ABOVE_MAX,
      Err.RESERVE_ABOVE_ATTESTED,
      Err.RESERVE_EVIDENCE_INVALID,
      Err.RESERVE_WITHDRAWAL_TOO_LARGE,
      Err.TX_HASH_USED,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
  },
  confirmSmartReserve: {
    operationId: 'confirmSmartReserve',
    summary: "Confirm another operator's proposal: the ledger transfer (audited)",
    description: "Confirms another operator's reserve proposal (audited; with two-factor on, a fresh code).",
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.STATUS_TRANSITION_DENIED,
      Err.SECOND_OPERATOR_REQUIRED,
      Err.RESERVE_ABOVE_ATTESTED,
      Err.RESERVE_WITHDRAWAL_TOO_LARGE,
      Err.INSUFFICIENT_BALANCE,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
    moves:
      'the proposed amount between the house capital account and the yield reserve, one ledger transfer with the audit record.',
  },
  rejectSmartReserve: {
    operationId: 'rejectSmartReserve',
    summary: 'Reject (or, by its proposer, withdraw) a proposal; nothing moves (audited)',
    description:
      'Rejects (or, by its proposer, withdraws) a reserve proposal; nothing moves (audited; with two-factor on, a fresh code).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
  },
  listSmartProducts: {
    operationId: 'listSmartProducts',
    summary: 'Every product, enabled or not',
    description: 'Every smart plan product, enabled or not, with its terms.',
    refusals: [],
  },
  updateSmartProduct: {
    operationId: 'updateSmartProduct',
    summary: 'Edit a product (audited); running plans keep their terms',
    description:
      "Edits a product's terms or enables or disables it (audited); running plans keep the terms they were bought with.",
    refusals: [Err.RECORD_NOT_FOUND, Err.SMART_PRODUCT_WRONG],
  },
  listSmartUsers: {
    operationId: 'listSmartUsers',
    summary: 'Users by id, name or e-mail prefix, with their smart flag',
    description: 'Customers by id, name or e-mail prefix, with whether smart trading is on for them.',
    refusals: [],
  },
  setSmartUser: {
    operationId: 'setSmartUser',
    summary: 'Turn smart trading on or off for a user (audited)',
    description: 'Turns smart trading on or off for one customer (audited).',
    refusals: [Err.USER_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
