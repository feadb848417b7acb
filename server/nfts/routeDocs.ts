/**
 * What the charity NFTs' routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  listNft: {
    operationId: 'listNft',
    summary: 'NFTs, live auctions ending first (public); filter by status and sale type',
    description: 'Charity NFTs, live auctions ending first, paged; filtered by status and sale type.',
    refusals: [],
  },
  getNft: {
    operationId: 'getNft',
    summary: "One NFT with its bid history (public; the caller's bids flagged)",
    description: "One NFT with its bid history (the caller's own bids flagged when a token is sent).",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  getNftImage: {
    operationId: 'getNftImage',
    summary: 'The artwork of an NFT: an SVG drawn from its seed (the same seed always gives the same picture)',
    description: 'The artwork of an NFT: an SVG drawn from its seed (the same seed always gives the same picture).',
    refusals: [Err.NOT_FOUND],
  },
  listDonations: {
    operationId: 'listDonations',
    summary: "Every sale's donation and every payout to the charity, with the totals from the ledger (public)",
    description: "Every sale's donation and every payout to the charity, with the totals from the ledger.",
    refusals: [],
  },
  buyNft: {
    operationId: 'buyNft',
    summary:
      'Buy at the buy-now price, or bid on a live auction (the bid is held; outbid bids are released at once). Success 20004; a retry with the same clientKey answers the first.',
    description:
      'Buys an NFT at its buy-now price, or bids on a live auction, in the real book. Success answers 20004; a retry with the same clientKey answers the first.',
    refusals: [
      Err.DEMO_NOT_ALLOWED,
      Err.RECORD_NOT_FOUND,
      Err.NFT_STATUS_WRONG,
      Err.NFT_PRICE_MISMATCH,
      Err.NFT_BID_TOO_LOW,
      Err.NFT_ALREADY_LEADING,
      Err.INSUFFICIENT_BALANCE,
    ],
    moves:
      'a purchase pays the price (the donation share to the charity account, the rest to the house); a bid is held from available, and an outbid bid is released at once.',
    examples: { body: { id: '1', kind: 'bid', amount: '150', clientKey: 'e1d2c3b4-a5f6-4e7d-8c9b-0a1f2e3d4c5b' } },
  },
  listMyNft: {
    operationId: 'listMyNft',
    summary: 'My NFTs: owned, and live auctions I bid on (real book; the demo book is refused with 10033)',
    description: "The caller's NFTs: owned ones, and live auctions they bid on (real book only).",
    refusals: [Err.DEMO_NOT_ALLOWED],
  },
} as const satisfies Record<string, RouteDoc>;
