import type { WALLET_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { depositClaim, depositCredited, notifications, real, realBook, realMoney } from '../platform/queries/changes.ts';
import { walletKeys } from '../platform/queries/keys.ts';

// submitting puts the amount on hold; approving pays it out; rejecting releases the hold
const withdrawal = () => [walletKeys.withdrawals(real), ...realMoney(), notifications()];

/** What each wallet event makes stale (src/services/domains.ts gathers every domain's). */
export const WALLET_CHANGES = {
  'deposit.submitted': depositClaim,
  'deposit.rejected': depositClaim,
  'deposit.approved': depositCredited,
  'withdrawal.submitted': withdrawal,
  'withdrawal.approved': withdrawal,
  'withdrawal.rejected': withdrawal,
  'withdrawal.queued': withdrawal,
  'withdrawal.waiting_funds': withdrawal,
  'withdrawal.sent': withdrawal,
  // live only, no notification row: the record's count moved
  'withdrawal.confirming': () => [walletKeys.withdrawals(real)],
  'withdrawal.confirmed': withdrawal,
  'allowlist.address_added': realBook,
  'allowlist.turning_off': realBook,
} as const satisfies ChangesOf<keyof typeof WALLET_EVENTS>;
