import type { LoginResult } from '../../../src/contract/auth.ts';
import { Err } from '../../../src/contract/errors.ts';
import type { Passkey } from '../../../src/contract/passkeys.ts';
import type { Allowlist, SavedAddress } from '../../../src/contract/walletProtection.ts';
import { allowlistAddressMachine, type AllowlistAddressValues } from '../../../src/machines/wallet/allowlistAddress.ts';
import { allowlistSwitchMachine } from '../../../src/machines/wallet/allowlistSwitch.ts';
import { passkeyRegisterMachine } from '../../../src/machines/auth/passkeyRegister.ts';
import { passkeySignInMachine } from '../../../src/machines/auth/passkeySignIn.ts';
import { problem, refused } from '../../../src/machines/platform/refusal.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * The account-protection flows (docs/security.md "Passkeys", docs/wallet.md "Address
 * allowlist"): passkey registration and sign-in, saving a withdrawal address, switching the
 * allowlist (which asks first). All are the shared submission chart; the generated paths submit
 * accepted and refused values, edit, confirm and reset, with the service's answers as fixtures.
 */
export const addressValues: AllowlistAddressValues = {
  network: 'TRC20',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  label: 'cold wallet',
};
const saved = { id: '1', network: 'TRC20', address: addressValues.address, label: 'cold wallet', usable: false } as SavedAddress;
const passkey = { id: '1', name: 'My laptop', deviceType: 'singleDevice', backedUp: false } as Passkey;
const login = { token: 't', user: { id: '1', username: 'alice' } } as LoginResult;
const allowlist = { status: 'on', offAt: null, delayHours: 24, addresses: [] } as Allowlist;

export const model = defineModel(
  submissionCase({
    id: 'passkeyRegister',
    machine: passkeyRegisterMachine,
    good: { name: 'My laptop' },
    refused: { values: { name: 'x'.repeat(41) }, refusal: problem('protection.passkeys.nameTooLong') },
    output: passkey,
    serviceError: { code: Err.PASSKEY_NOT_VERIFIED, message: 'The passkey could not be verified for this site' },
    again: true,
  }),
  submissionCase({
    id: 'passkeySignIn',
    machine: passkeySignInMachine,
    good: {},
    output: login,
    serviceError: { code: Err.PASSKEY_UNKNOWN, message: 'This passkey is not registered to any account here' },
  }),
  submissionCase({
    id: 'allowlistAddress',
    machine: allowlistAddressMachine,
    good: addressValues,
    refused: { values: { ...addressValues, address: '  ' }, refusal: refused(Err.ADDRESS_REQUIRED) },
    output: saved,
    serviceError: { code: Err.ALLOWLIST_ADDRESS_EXISTS, message: 'This address is already saved.' },
    again: true,
  }),
  submissionCase({
    id: 'allowlistSwitch',
    machine: allowlistSwitchMachine,
    good: { on: true },
    output: allowlist,
    serviceError: { code: Err.TOO_MANY_REQUESTS, message: 'Too many requests' },
    again: true,
    confirm: true,
  }),
);
