import { expect } from 'vitest';
import { nftMachine, type NftEvent } from '../../../src/machines/nfts/nft.ts';
import { defineModel } from '../paths.ts';

/**
 * The charity NFT lifecycle the server checks every status change against (server/nfts): a
 * buy-now NFT is listed until sold; an auction opens, takes bids, and is settled sold or unsold.
 * Both ends are final, so nothing is sold twice.
 */
type Snap = { hasTag: (t: string) => boolean; status: string; can: (e: NftEvent) => boolean };

const listed = (s: Snap) => {
  expect(s.hasTag('forSale')).toBe(true);
  expect(s.hasTag('live')).toBe(false);
  expect(s.can({ type: 'nft.buy' })).toBe(true);
  expect(s.can({ type: 'auction.bid' })).toBe(false);
};
const auction = (s: Snap) => {
  expect(s.hasTag('live')).toBe(true);
  expect(s.can({ type: 'auction.bid' })).toBe(true);
  expect(s.can({ type: 'nft.buy' })).toBe(false);
};
const ended = (s: Snap) => {
  expect(s.hasTag('forSale')).toBe(false);
  expect(s.status).toBe('done');
};

const events: NftEvent[] = [
  { type: 'nft.buy' },
  { type: 'auction.open' },
  { type: 'auction.bid' },
  { type: 'auction.settle' },
  { type: 'auction.close' },
];

export const model = defineModel({
  name: 'nft',
  machine: nftMachine,
  events,
  assertions: { listed, auction, sold: ended, unsold: ended },
  provide: () => nftMachine,
  expected: { states: 4, edges: 5 },
});
