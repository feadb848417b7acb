/**
 * Charity NFT lifecycle. A buy-now NFT is `listed` until someone buys it (`sold`). An auction is
 * `listed` until it opens (at listing, or at its start time), then `auction` while bids arrive (a
 * bid keeps it there), and at its end the scheduler settles it: `sold` to the highest bidder, or
 * `unsold` when nobody bid. `sold` and `unsold` are final. Pure definition shared by browser and
 * server: the server computes every status change here (10020 when the chart has no such move)
 * and the app asks it which actions an NFT offers.
 */
import { setup } from 'xstate';
import { statusNames, type StatusOf } from '../platform/statuses.ts';

export type NftEvent =
  | { type: 'nft.buy' }
  | { type: 'auction.open' }
  | { type: 'auction.bid' }
  | { type: 'auction.settle' }
  | { type: 'auction.close' };

export const nftMachine = setup({
  types: { events: {} as NftEvent },
  // the record of a bid is the server's business (the bid row, the hold); the chart only says it is allowed
  actions: { recordBid: () => {} },
}).createMachine({
  id: 'nft',
  initial: 'listed',
  states: {
    listed: {
      tags: ['forSale'],
      on: { 'nft.buy': 'sold', 'auction.open': 'auction' },
    },
    auction: {
      tags: ['forSale', 'live'],
      // a bid changes the current bid and maybe the end time, never the status
      on: { 'auction.bid': { actions: 'recordBid' }, 'auction.settle': 'sold', 'auction.close': 'unsold' },
    },
    sold: { type: 'final' },
    unsold: { type: 'final' },
  },
});

/** An NFT's status: a state of the chart above, and nothing else. */
export type NftStatus = StatusOf<typeof nftMachine>;
/** Every NFT status, in chart order ('listed' first). */
export const NFT_STATUSES = statusNames(nftMachine);

/** Whether the chart lets an NFT in `status` take `event` (the app shows its buttons by it). */
export function nftAllows(status: string, event: NftEvent['type']): boolean {
  if (!(NFT_STATUSES as readonly string[]).includes(status)) return false;
  const snap = nftMachine.resolveState({ value: status, context: {} });
  return snap.status !== 'done' && snap.can({ type: event });
}
