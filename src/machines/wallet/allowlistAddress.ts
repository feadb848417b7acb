import { Check } from 'typebox/value';
import { Err } from '../../contract/errors.ts';
import type { Network } from '../../contract/wallet.ts';
import { SaveAddressBody, type SavedAddress } from '../../contract/walletProtection.ts';
import { problem, refused, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Saving a withdrawal address to the allowlist (docs/wallet.md, "Address allowlist"): network,
 * address and a label. The service checks the address for its network (10041) and says from when
 * it is usable; the owner is mailed. The user may save another after a success.
 */
export interface AllowlistAddressValues {
  network: Network;
  address: string;
  label: string;
}

export const saveAddressBody = (v: AllowlistAddressValues): SaveAddressBody => ({
  network: v.network,
  address: v.address.trim(),
  label: v.label.trim(),
});

export function allowlistAddressRefusal(v: AllowlistAddressValues): Refusal | null {
  if (!v.address.trim()) return refused(Err.ADDRESS_REQUIRED);
  if (v.label.trim().length > 40) return problem('protection.allowlist.labelTooLong');
  return Check(SaveAddressBody, saveAddressBody(v)) ? null : refused(Err.ADDRESS_INVALID);
}

export const allowlistAddressMachine = submissionMachine<'allowlistAddress', AllowlistAddressValues, SavedAddress>({
  id: 'allowlistAddress',
  check: allowlistAddressRefusal,
  again: true,
});
