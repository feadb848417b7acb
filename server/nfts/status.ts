/**
 * NFT statuses move only along src/machines/nft.ts. The published catalogue answers 10020
 * ("collection status wrong") for an NFT whose status does not allow the action, so the generic
 * 10044 of the lifecycle helper is translated here.
 */
import { Err } from '../../src/contract/errors.ts';
import { nftAllows, nftMachine, type NftEvent, type NftStatus } from '../../src/machines/nfts/nft.ts';
import { BizError } from '../platform/http/errors.ts';
import { nextStatus } from '../platform/statusTransitions.ts';

export function nftNext(status: NftStatus, event: NftEvent): NftStatus {
  try {
    return nextStatus(nftMachine, status, event);
  } catch (e) {
    if (e instanceof BizError && e.code === Err.STATUS_TRANSITION_DENIED) throw new BizError(Err.NFT_STATUS_WRONG);
    throw e;
  }
}

/** Refuses with 10020 unless the chart lets an NFT in `status` take `event` (a bid keeps the status). */
export function requireNftAllows(status: NftStatus, event: NftEvent['type']): void {
  if (!nftAllows(status, event)) throw new BizError(Err.NFT_STATUS_WRONG);
}
