/**
 * What the wallet's routes say of themselves in the API contract (server/platform/http/openApi.ts, docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';
import { WITHDRAWAL_EXAMPLES } from './apiExamples.ts';

export const DOCS = {
  getBalances: {
    operationId: 'getBalances',
    summary: 'Balances of the selected book, per asset and purpose, valued in USDT',
    description:
      "The caller's balances in the selected book: per asset, available, held and in plans or loans, each valued in USDT at the current prices.",
    refusals: [],
  },
  getDepositAddresses: {
    operationId: 'getDepositAddresses',
    summary: 'Receive addresses per coin and network, with QR codes',
    description:
      'The receive addresses operators configured, per coin and network, each with its QR code and the minimum deposit.',
    refusals: [],
  },
  recharge: {
    operationId: 'recharge',
    summary:
      'Deposit claim: fields amount, coin, network, txHash, proofLast6 and file proof (JPEG/PNG/JPEG 2000). Success 20002. On a network watched on the chain the transaction is checked on the node instead (no proof needed): the chain deposit, success 200, or 10310–10316.',
    description:
      'A deposit claim in the real book (multipart form: amount, coin, network, txHash, proofLast6 and the proof image, JPEG/PNG/JPEG 2000). A claim is reviewed by an operator (success 20002). On a network watched on the chain the transaction is checked on the node instead and no proof is needed (success 200, the chain deposit).',
    refusals: [
      Err.DEMO_NOT_ALLOWED,
      Err.AMOUNT_INVALID,
      Err.DEPOSIT_BELOW_MINIMUM,
      Err.DEPOSIT_ABOVE_MAXIMUM,
      Err.DEPOSIT_NO_ADDRESS,
      Err.TX_HASH_USED,
      Err.TOO_MANY_PENDING_DEPOSITS,
      Err.TOO_MANY_REQUESTS,
      Err.UPLOAD_REQUIRED,
      Err.IMAGE_FORMAT_WRONG,
      Err.IMAGE_TOO_LARGE,
      Err.IMAGE_DIMENSIONS_TOO_LARGE,
      Err.CHAIN_TX_UNKNOWN,
      Err.CHAIN_TX_WRONG_RECIPIENT,
      Err.CHAIN_TX_WRONG_AMOUNT,
      Err.CHAIN_TX_WRONG_TOKEN,
      Err.CHAIN_TX_FAILED,
      Err.CHAIN_TX_PENDING,
      Err.CHAIN_NODE_UNAVAILABLE,
    ],
    moves:
      'nothing until an operator approves the claim (then the amount is credited to the real book); a deposit checked on the chain is credited once it has its confirmations.',
  },
  listRecharge: {
    operationId: 'listRecharge',
    summary: 'Deposit records (real book; the demo book is refused with 10033)',
    description: "The caller's deposit records, newest first, paged, optionally of one status (real book only).",
    refusals: [Err.DEMO_NOT_ALLOWED],
  },
  getRechargeProof: {
    operationId: 'getRechargeProof',
    summary: 'The proof image of a deposit: its owner or an operator only',
    description:
      "The proof image of a deposit, as re-encoded on upload, as a download. Only its owner or an operator may read it (an operator's reading is recorded in the owner's document access list).",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  getWithdrawalMethods: {
    operationId: 'getWithdrawalMethods',
    summary: 'Methods (coin-network), fee rate and minimums, with the real available balance',
    description:
      "The withdrawal methods (coin and network) with their fee rate and minimum, and the real book's available balance of each coin.",
    refusals: [],
  },
  withdrawal: {
    operationId: 'withdrawal',
    summary: 'Withdrawal request: the amount moves to the hold at once. Success 20003.',
    description:
      "A withdrawal request in the real book to an address (only to a saved and usable one while the allowlist is on), within the daily and 30-day limits of the caller's verification level; with two-factor sign-in on, a fresh code in `x-two-factor-code`. Success answers 20003; an operator pays it out and approves it. A retry with the same clientKey answers the first request.",
    refusals: [
      Err.DEMO_NOT_ALLOWED,
      Err.WITHDRAW_METHOD_REQUIRED,
      Err.ADDRESS_REQUIRED,
      Err.ADDRESS_INVALID,
      Err.AMOUNT_INVALID,
      Err.INSUFFICIENT_BALANCE,
      Err.WITHDRAWAL_HELD_AFTER_RESET,
      Err.ADDRESS_NOT_ALLOWLISTED,
      Err.ADDRESS_NOT_YET_USABLE,
      Err.WITHDRAWAL_DAY_LIMIT,
      Err.WITHDRAWAL_30D_LIMIT,
      Err.PRICE_UNAVAILABLE,
    ],
    moves:
      'the amount moves from available to held at once; the payout (amount less the fee) leaves when an operator approves, or the hold returns when one rejects.',
    examples: WITHDRAWAL_EXAMPLES,
  },
  listWithdrwal: {
    operationId: 'listWithdrwal',
    summary: 'Withdrawal records (real book; the demo book is refused with 10033)',
    description:
      "The caller's withdrawal records, newest first, paged, optionally of one status (real book only; the path keeps the published API's spelling).",
    refusals: [Err.DEMO_NOT_ALLOWED],
  },
  getStatement: {
    operationId: 'getStatement',
    summary: 'Every ledger movement of the selected book',
    description:
      "Every ledger movement of the caller's accounts in the selected book, newest first, paged, filtered by asset, reason and time.",
    refusals: [],
  },
  getStatementCsv: {
    operationId: 'getStatementCsv',
    summary: 'The statement as CSV (same filters, no paging)',
    description: 'The statement with the same filters as one CSV file, unpaged.',
    refusals: [],
  },
  resetDemo: {
    operationId: 'resetDemo',
    summary: 'Demo book back to the grant (ledger transfers)',
    description:
      'Puts the demo book back to the grant: open demo positions and plans are closed and every demo balance returns to the starting amount.',
    refusals: [],
    moves: 'demo book only: ledger transfers between the demo accounts and the house, to the grant.',
  },
  listNotifications: {
    operationId: 'listNotifications',
    summary: 'My notifications, newest first',
    description:
      "The caller's notifications (the user events the service recorded: deposits approved, positions closed\u2026), newest first, paged, with the unread count.",
    refusals: [],
  },
  readNotifications: {
    operationId: 'readNotifications',
    summary: 'Mark notifications read',
    description: "Marks the caller's notifications read: the given ids (`{ ids }`) or all of them (`{ all: true }`).",
    refusals: [],
  },
  getStatementEvents: {
    operationId: 'getStatementEvents',
    summary: 'The statement one event a row, with the net changes of available and held',
    description:
      "The caller's statement one event a row, newest first: the transfers written in one transaction about one record (a position opened, a deposit credited, a plan bought…), with the net change of available and of held per asset, and the legs (each transfer with the accounts it left and reached). Paging counts events; an event is never split across pages.",
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
