import type { KYC_EVENTS } from '../../contract/userEvents.ts';
import type { ChangesOf } from '../platform/domain.ts';
import { notifications } from '../platform/queries/changes.ts';
import { kycKeys } from '../platform/queries/keys.ts';

// the user's status page (the session's user is refreshed on every event)
const kyc = () => [kycKeys.mine(), notifications()];

/** What each identity-verification event makes stale. */
export const KYC_CHANGES = {
  'kyc.submitted': kyc,
  'kyc.verified': kyc,
  'kyc.rejected': kyc,
} as const satisfies ChangesOf<keyof typeof KYC_EVENTS>;
