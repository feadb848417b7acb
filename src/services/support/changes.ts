import type { SUPPORT_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { supportKeys } from '../platform/queries/keys.ts';

// both sides hear every message of a conversation: the customer's list, threads and badge, and
// the operators' queue and threads; no notification is written
const chat = () => [supportKeys.conversations(), supportKeys.unread(), supportKeys.threads(), supportKeys.adminAll()];

/** What each support-chat event makes stale. */
export const SUPPORT_CHANGES = {
  'support.opened': chat,
  'support.message': chat,
  'support.closed': chat,
} as const satisfies ChangesOf<keyof typeof SUPPORT_EVENTS>;
