import type { CHAIN_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { depositClaim, realMoney } from '../platform/queries/changes.ts';
import { chainKeys } from '../platform/queries/keys.ts';

/** A deposit seen on the chain, dropped or below the minimum: the chain's list, the wallet's records (a matched claim shows there), the bell. */
const chainDeposit = () => [chainKeys.deposits(), ...depositClaim()];

/** What each chain-deposit event makes stale; a count that grew writes no notification, only the list moves; a credit moves money. */
export const CHAIN_CHANGES = {
  'chain.deposit_seen': chainDeposit,
  'chain.deposit_confirming': () => [chainKeys.deposits()],
  'chain.deposit_credited': () => [...chainDeposit(), ...realMoney()],
  'chain.deposit_dropped': chainDeposit,
  'chain.deposit_below_minimum': chainDeposit,
} as const satisfies ChangesOf<keyof typeof CHAIN_EVENTS>;
