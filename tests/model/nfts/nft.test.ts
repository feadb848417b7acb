import { describe, expect, it } from 'vitest';
import { nftAllows, nftMachine, NFT_STATUSES } from '../../../src/machines/nfts/nft.ts';
import { nftNext } from '../../../server/nfts/status.ts';
import { Err } from '../../../src/contract/errors.ts';
import { checkModel } from '../pathRunner.ts';
import { model } from './nft.model.ts';

describe('charity NFT lifecycle', () => {
  checkModel(model);

  it('the statuses are the chart’s states, listed first', () => {
    expect(NFT_STATUSES).toEqual(['listed', 'auction', 'sold', 'unsold']);
  });

  it('the server moves an NFT only along the chart and answers 10020 otherwise', () => {
    expect(nftNext('listed', { type: 'nft.buy' })).toBe('sold');
    expect(nftNext('listed', { type: 'auction.open' })).toBe('auction');
    expect(nftNext('auction', { type: 'auction.settle' })).toBe('sold');
    expect(nftNext('auction', { type: 'auction.close' })).toBe('unsold');
    for (const status of ['sold', 'unsold'] as const) {
      for (const type of ['nft.buy', 'auction.bid', 'auction.settle'] as const) {
        expect(() => nftNext(status, { type })).toThrow(expect.objectContaining({ code: Err.NFT_STATUS_WRONG }));
        expect(nftAllows(status, type)).toBe(false);
      }
    }
    expect(() => nftNext('auction', { type: 'nft.buy' })).toThrow(expect.objectContaining({ code: Err.NFT_STATUS_WRONG }));
    expect(nftAllows('auction', 'auction.bid')).toBe(true);
    expect(nftAllows('listed', 'auction.bid')).toBe(false);
    expect(nftAllows('nonsense', 'nft.buy')).toBe(false);
    expect(nftMachine.id).toBe('nft');
  });
});
