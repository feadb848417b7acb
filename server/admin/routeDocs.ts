/**
 * What the operator console's routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listDeposits: {
    operationId: 'listDeposits',
    summary: 'Deposits, newest first (status=pending for the queue)',
    description:
      "The deposit claims of every customer, newest first, paged; `status=pending` is the review queue, `userId` one customer's.",
    refusals: [],
  },
  getDepositProof: {
    operationId: 'getDepositProof',
    summary: 'The proof image',
    description:
      "The proof image of a deposit claim, as a download; the reading is recorded in the customer's document access list.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  approveDeposit: {
    operationId: 'approveDeposit',
    summary: 'Approve: credits the user (real book)',
    description:
      "Approves a pending deposit claim after checking the transfer arrived (audited; with two-factor on, a fresh code). Large amounts need a second operator's approval (four eyes); an operator cannot review their own claim.",
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.STATUS_TRANSITION_DENIED,
      Err.OWN_RECORD_REVIEW,
      Err.SECOND_OPERATOR_REQUIRED,
      Err.TX_HASH_USED,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
    moves:
      "the claimed amount is credited to the customer's real book from the house's deposit account, in the same transaction as the approval and its audit record.",
  },
  rejectDeposit: {
    operationId: 'rejectDeposit',
    summary: 'Reject with a reason the user sees',
    description: 'Rejects a pending deposit claim with a reason the customer reads (audited; with two-factor on, a fresh code).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
  },
  listWithdrawals: {
    operationId: 'listWithdrawals',
    summary: 'Withdrawals, newest first (status=pending for the queue)',
    description: 'The withdrawal requests of every customer, newest first, paged; `status=pending` is the review queue.',
    refusals: [],
  },
  approveWithdrawal: {
    operationId: 'approveWithdrawal',
    summary: 'Approve with the payout transaction hash',
    description:
      'Approves a pending withdrawal with the hash of the payout the operator sent (audited; with two-factor on, a fresh code); on a watched chain the payout is checked on the node first.',
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.STATUS_TRANSITION_DENIED,
      Err.OWN_RECORD_REVIEW,
      Err.SECOND_OPERATOR_REQUIRED,
      Err.TX_HASH_USED,
      Err.CHAIN_PAYOUT_HASH_REQUIRED,
      Err.CHAIN_PAYOUT_UNKNOWN,
      Err.CHAIN_PAYOUT_WRONG_RECIPIENT,
      Err.CHAIN_PAYOUT_WRONG_AMOUNT,
      Err.CHAIN_PAYOUT_WRONG_TOKEN,
      Err.CHAIN_PAYOUT_NOT_PLATFORM,
      Err.CHAIN_PAYOUT_PENDING,
      Err.CHAIN_NODE_UNAVAILABLE,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
    moves:
      "the held amount leaves the customer's real book: the payout to the platform's outgoing account and the fee to the fee account.",
    examples: { body: { payoutTxHash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060' } },
  },
  rejectWithdrawal: {
    operationId: 'rejectWithdrawal',
    summary: 'Reject: the hold goes back to available',
    description: 'Rejects a pending withdrawal with a reason the customer reads (audited; with two-factor on, a fresh code).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED, Err.OWN_RECORD_REVIEW],
    moves: "the held amount returns to the customer's available balance.",
  },
  listDepositAddresses: {
    operationId: 'listDepositAddresses',
    summary: 'All receive addresses (enabled or not)',
    description: 'Every receive address customers may pay into, enabled or not.',
    refusals: [],
  },
  createDepositAddress: {
    operationId: 'createDepositAddress',
    summary: 'Add a receive address (checked for its network)',
    description: 'Adds a receive address for a coin and network, checked for that network (audited).',
    refusals: [Err.ADDRESS_INVALID],
  },
  updateDepositAddress: {
    operationId: 'updateDepositAddress',
    summary: 'Change the address or enable/disable it',
    description: 'Changes a receive address or enables or disables it (audited).',
    refusals: [Err.RECORD_NOT_FOUND, Err.ADDRESS_INVALID],
  },
  deleteDepositAddress: {
    operationId: 'deleteDepositAddress',
    summary: 'Remove a receive address',
    description: 'Removes a receive address (audited).',
    refusals: [Err.RECORD_NOT_FOUND],
  },
  listOperators: {
    operationId: 'listOperators',
    summary: 'Operator accounts',
    description: 'The operator accounts with their status, two-factor and age.',
    refusals: [],
  },
  proposeOperator: {
    operationId: 'proposeOperator',
    summary: 'Propose an operator: it exists once another, older operator confirms (audited)',
    description: 'Proposes a new operator account; it exists once another, older operator confirms (audited).',
    refusals: [
      Err.EMAIL_INVALID,
      Err.EMAIL_OR_PHONE_EXISTS,
      Err.USERNAME_EXISTS,
      Err.OPERATOR_PROPOSAL_PENDING,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
  },
  proposeDisableOperator: {
    operationId: 'proposeDisableOperator',
    summary: 'Propose disabling an operator (not yourself, never below two active); confirmed, their sessions end (audited)',
    description:
      'Proposes disabling an operator (not oneself, never below two active); once confirmed their sessions end (audited).',
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.OPERATOR_SELF_DISABLE,
      Err.OPERATORS_MINIMUM,
      Err.OPERATOR_PROPOSAL_PENDING,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
  },
  listOperatorProposals: {
    operationId: 'listOperatorProposals',
    summary: 'Operator changes proposed (status=pending: waiting for a second operator)',
    description: 'Operator changes proposed; `status=pending` lists those waiting for a second operator.',
    refusals: [],
  },
  confirmOperatorProposal: {
    operationId: 'confirmOperatorProposal',
    summary: 'Confirm and apply a proposal: another operator, older than the proposal, not linked to its proposer (audited)',
    description:
      'Confirms and applies a pending proposal: by another operator, older than the proposal and not linked to its proposer (audited; with two-factor on, a fresh code).',
    refusals: [
      Err.RECORD_NOT_FOUND,
      Err.STATUS_TRANSITION_DENIED,
      Err.PROPOSAL_CONFIRMER_NOT_ALLOWED,
      Err.OPERATORS_MINIMUM,
      Err.OPERATOR_ON_PROBATION,
      Err.OPERATOR_LINKED,
    ],
  },
  rejectOperatorProposal: {
    operationId: 'rejectOperatorProposal',
    summary: 'Reject (or withdraw) a pending proposal (audited)',
    description: 'Rejects (or, by its proposer, withdraws) a pending proposal (audited; with two-factor on, a fresh code).',
    refusals: [Err.RECORD_NOT_FOUND, Err.STATUS_TRANSITION_DENIED],
  },
  listOutbox: {
    operationId: 'listOutbox',
    summary: 'Mail and SMS sent or queued, newest first',
    description:
      'The mail and SMS the platform sent or queued, newest first, paged (verification codes work on the embedded default through it).',
    refusals: [],
  },
  listAuditLog: {
    operationId: 'listAuditLog',
    summary: 'Operator actions, newest first (append-only)',
    description: 'Operator actions, newest first, paged, by actor, action or record (append-only).',
    refusals: [],
  },
  rejectDeposits: {
    operationId: 'rejectDeposits',
    summary: 'Reject several deposits with one reason (each decided on its own)',
    description:
      'Rejects up to 100 pending deposits with one reason, each decided on its own (its own refusal code in the answer when it cannot be rejected). Inside the review window when two-factor is required. Credits nothing.',
    refusals: [Err.MALFORMED_REQUEST],
  },
  rejectWithdrawals: {
    operationId: 'rejectWithdrawals',
    summary: 'Reject several withdrawals with one reason (each decided on its own)',
    description:
      'Rejects up to 100 pending withdrawals with one reason, each decided on its own; each rejected one returns its held amount to the customer through the ledger. Inside the review window when two-factor is required.',
    refusals: [Err.MALFORMED_REQUEST],
  },
  listRejectReasons: {
    operationId: 'listRejectReasons',
    summary: "A queue's reject reasons",
    description: 'The reasons operators choose from when they reject an item of a queue (deposits, withdrawals, KYC, loans).',
    refusals: [],
  },
  addRejectReason: {
    operationId: 'addRejectReason',
    summary: "Add a reason to a queue's list (audited)",
    description:
      "Adds a reason to a queue's list of reject reasons; the change is audited. A reason already on that queue's list (without case, runs of spaces as one) is refused with 10155 and nothing is written.",
    refusals: [Err.MALFORMED_REQUEST, Err.REJECT_REASON_EXISTS],
  },
  removeRejectReason: {
    operationId: 'removeRejectReason',
    summary: "Remove a reason from its queue's list (audited)",
    description: "Removes a reason from its queue's list; the change is audited, and past rejections keep their text.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
