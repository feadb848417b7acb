import type { AUTH_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { realBook } from '../platform/queries/changes.ts';

/** What each security event makes stale: the whole real book and the bell. */
export const AUTH_CHANGES = {
  'security.login': realBook,
  'security.password_changed': realBook,
  'security.password_reset': realBook,
  'security.google_linked': realBook,
  'security.two_factor_enabled': realBook,
  'security.two_factor_disabled': realBook,
  'security.passkey_added': realBook,
  'security.passkey_removed': realBook,
  'security.api_key_created': realBook,
  'security.api_key_new_ip': realBook,
  'security.api_key_revoked': realBook,
} as const satisfies ChangesOf<keyof typeof AUTH_EVENTS>;
