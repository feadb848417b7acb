/**
 * What the withdrawal protection routes (allowlist, limits) say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../src/contract/errors.ts';
import type { RouteDoc } from '../platform/http/routeSchema.ts';

export const DOCS = {
  getAllowlist: {
    operationId: 'getAllowlist',
    summary: 'Withdraw only to saved addresses: on, off or turning off, and the saved addresses with when each is usable',
    description:
      "The caller's withdrawal allowlist: on, off or turning off (with when), and the saved addresses with the moment each becomes usable.",
    refusals: [],
  },
  setAllowlist: {
    operationId: 'setAllowlist',
    summary: 'Turn the allowlist on (at once) or off (after ALLOWLIST_DELAY_HOURS)',
    description:
      'Turns the allowlist on (at once) or off (after ALLOWLIST_DELAY_HOURS, so a stolen session cannot open withdrawals to anywhere); the owner is told by mail. With two-factor sign-in on it needs a fresh code.',
    refusals: [],
  },
  saveAllowlistAddress: {
    operationId: 'saveAllowlistAddress',
    summary: 'Save a withdrawal address (usable after ALLOWLIST_DELAY_HOURS; the owner is told by mail)',
    description:
      'Saves a withdrawal address for a coin and network, usable after ALLOWLIST_DELAY_HOURS; the owner is told by mail. With two-factor sign-in on it needs a fresh code.',
    refusals: [Err.ADDRESS_INVALID, Err.ALLOWLIST_ADDRESS_EXISTS, Err.ALLOWLIST_FULL],
  },
  removeAllowlistAddress: {
    operationId: 'removeAllowlistAddress',
    summary: 'Remove a saved withdrawal address (at once)',
    description:
      "Removes one of the caller's saved withdrawal addresses at once. With two-factor sign-in on it needs a fresh code.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
  getWithdrawalLimits: {
    operationId: 'getWithdrawalLimits',
    summary: 'Withdrawal limits per asset by verification level, in USDT: per UTC day and over 30 days, used and left',
    description:
      "The caller's withdrawal limits per asset for their verification level, in USDT: per UTC day and over 30 days, used and left.",
    refusals: [Err.PRICE_UNAVAILABLE],
  },
} as const satisfies Record<string, RouteDoc>;
