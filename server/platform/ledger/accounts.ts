import type { Asset, Book } from '../../../src/contract/constants.ts';
import type { LedgerReason } from './reasons.ts';

/** What a user's money is doing. A user's total in an asset is the sum over purposes. */
// entry_hold: margin + fee of pending entry orders (docs/trading.md)
export const USER_PURPOSES = [
  'available',
  'withdrawal_hold',
  'order_margin',
  'plan_principal',
  'loan_collateral',
  'nft_bid_hold',
  'entry_hold',
] as const;
export type UserPurpose = (typeof USER_PURPOSES)[number];

/** The house's side of every entry. These may go negative (money that came in from outside). */
export const PLATFORM_PURPOSES = [
  'demo_grants',
  'deposits',
  'payouts',
  'fees',
  'trading_results',
  'yield_paid',
  'penalties',
  'interest',
  'nft_sales',
  'charity',
  'loans_issued',
  // smart plans (docs/smart-plans.md): house money put into the yield reserve, the reserve not
  // yet promised, and the yield promised to running plans (set aside at purchase)
  'house_capital',
  'yield_reserve',
  'yield_committed',
  // loans (docs/loans.md): collateral sold by liquidations and the USDT paid for it
  'loan_liquidations',
  // charity NFTs (docs/nfts.md): payouts made to the charity out of its account
  'charity_payouts',
] as const;
export type PlatformPurpose = (typeof PLATFORM_PURPOSES)[number];

export type AccountRef =
  { owner: 'user'; userId: bigint; purpose: UserPurpose } | { owner: 'platform'; purpose: PlatformPurpose };

export const userAccount = (userId: bigint, purpose: UserPurpose = 'available'): AccountRef => ({
  owner: 'user',
  userId,
  purpose,
});
export const platformAccount = (purpose: PlatformPurpose): AccountRef => ({ owner: 'platform', purpose });

export interface TransferRequest {
  /** Unique forever: the same key never moves money twice (retries, double clicks, two instances). */
  key: string;
  book: Book;
  asset: Asset;
  from: AccountRef;
  to: AccountRef;
  /** Decimal string, > 0, within the asset's precision. */
  amount: string;
  /** What the transfer is for, one of the reasons the domains declare (reasons.ts); shown translated on the statement. */
  reason: LedgerReason;
  refType?: string;
  refId?: string;
}
