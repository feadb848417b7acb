import type { QueryKey } from '@tanstack/react-query';
import type { Book } from '../../contract/constants.ts';
import type { TRADING_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { notifications } from '../platform/queries/changes.ts';
import { walletKeys } from '../platform/queries/keys.ts';
import { orderKeysOf } from './keys.ts';

/** What an order of `book` opened or closed changes: the orders, the balances (margin) and the statement. */
export const orderChanged = (book: Book): QueryKey[] => [
  ...orderKeysOf(book),
  walletKeys.balances(book),
  walletKeys.statement(book),
];

// an options position opened or closed (either book: the event's book is in its params, the kind
// alone does not say), and a pending entry order refused at its level or expired (its hold is back)
const position = () => [...(['demo', 'real'] as const).flatMap(orderChanged), notifications()];

/** What each trading event makes stale. */
export const TRADING_CHANGES = {
  'order.opened': position,
  'order.closed': position,
  'pending.refused': position,
  'pending.expired': position,
} as const satisfies ChangesOf<keyof typeof TRADING_EVENTS>;
