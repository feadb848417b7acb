import type { CHAIN_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { depositClaim, depositCredited, real } from '../platform/queries/changes.ts';
import { walletKeys } from '../platform/queries/keys.ts';

/** What each chain-deposit event makes stale: the deposit records (the chain's list lives under them); a credit moves money. */
export const CHAIN_CHANGES = {
  'chain.deposit_seen': depositClaim,
  'chain.deposit_confirming': () => [walletKeys.deposits(real)],
  'chain.deposit_credited': depositCredited,
  'chain.deposit_dropped': depositClaim,
  'chain.deposit_below_minimum': depositClaim,
} as const satisfies ChangesOf<keyof typeof CHAIN_EVENTS>;
