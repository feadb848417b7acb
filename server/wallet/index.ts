/**
 * The door of the wallet domain: what other domains may use of it. Everything else in server/wallet/ is its own
 * (lint refuses an import of another domain's module other than its index.ts, and of its tables).
 */
export { type DepositRow, depositView, userDeposits } from './deposits.ts';
export { type WalletService } from './service.ts';
export { summariesFrom } from './summary.ts';
export { type Market, valueInUsdt } from './valuation.ts';
export { type WithdrawalRow, listWithdrawals, withdrawalView } from './withdrawals.ts';
export { depositQueuePage, withdrawalQueuePage, type WalletQueueQuery } from './queuePages.ts';
export {
  type DepositAddressChange,
  type NewDepositAddress,
  allDepositAddresses,
  createDepositAddress,
  deleteDepositAddress,
  updateDepositAddress,
} from './depositAddressBook.ts';
