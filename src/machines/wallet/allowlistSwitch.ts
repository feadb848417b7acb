import type { Allowlist } from '../../contract/walletProtection.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Turning "withdraw only to saved addresses" on or off (docs/wallet.md, "Address allowlist").
 * Either way the screen asks first (the confirming state): on applies at once and refuses every
 * unsaved address; off takes effect only after the waiting period, which the dialog states.
 */
export interface AllowlistSwitchValues {
  on: boolean;
}

export const allowlistSwitchMachine = submissionMachine<'allowlistSwitch', AllowlistSwitchValues, Allowlist>({
  id: 'allowlistSwitch',
  confirm: true,
  again: true,
});
