import type { NFT_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { notifications, realMoney } from '../platform/queries/changes.ts';
import { nftKeys } from '../platform/queries/keys.ts';

// a bid held, an outbid (the hold released), an auction won or a purchase: every NFT answer
// (bids, owner, donation), the real book's money
export const nftChanged = () => [nftKeys.all, ...realMoney(), notifications()];

/** What each NFT event makes stale. */
export const NFT_CHANGES = {
  'nft.bid': nftChanged,
  'nft.outbid': nftChanged,
  'nft.won': nftChanged,
  'nft.bought': nftChanged,
} as const satisfies ChangesOf<keyof typeof NFT_EVENTS>;
