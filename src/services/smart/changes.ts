import type { SMART_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { notifications, realMoney } from '../platform/queries/changes.ts';
import { smartKeys } from '../platform/queries/keys.ts';

// a plan bought, paid, completed or exited: the plans, the real book's money, and the public
// reserve figures (a purchase commits yield, an exit gives unpaid yield back)
export const planChanged = () => [smartKeys.plans(), smartKeys.products(), ...realMoney(), notifications()];

/** What each smart-plan event makes stale. */
export const SMART_CHANGES = {
  'smart.bought': planChanged,
  'smart.payout': planChanged,
  'smart.completed': planChanged,
  'smart.exited': planChanged,
} as const satisfies ChangesOf<keyof typeof SMART_EVENTS>;
