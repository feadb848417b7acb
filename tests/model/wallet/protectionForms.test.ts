import { describe, expect, it } from 'vitest';
import { Err } from '../../../src/contract/errors.ts';
import { allowlistAddressRefusal } from '../../../src/machines/wallet/allowlistAddress.ts';
import { passkeyNameRefusal } from '../../../src/machines/auth/passkeyRegister.ts';
import { checkModel } from '../pathRunner.ts';
import { addressValues, model } from './protectionForms.model.ts';

/** The account-protection flows' generated paths (protectionForms.model.ts), then their guards. */
describe('account protection machines: generated paths', () => {
  checkModel(model);
});

describe('the guards refuse before anything is sent', () => {
  it('a passkey name of at most 40 characters (empty: the service names it)', () => {
    expect(passkeyNameRefusal({ name: '' })).toBeNull();
    expect(passkeyNameRefusal({ name: 'x'.repeat(40) })).toBeNull();
    expect(passkeyNameRefusal({ name: 'x'.repeat(41) })?.key).toBe('app:protection.passkeys.nameTooLong');
  });
  it('an address is required, a label is short, the schema holds', () => {
    expect(allowlistAddressRefusal(addressValues)).toBeNull();
    expect(allowlistAddressRefusal({ ...addressValues, address: '' })?.code).toBe(Err.ADDRESS_REQUIRED);
    expect(allowlistAddressRefusal({ ...addressValues, label: 'l'.repeat(41) })?.key).toBe(
      'app:protection.allowlist.labelTooLong',
    );
    expect(allowlistAddressRefusal({ ...addressValues, address: 'T'.repeat(121) })?.code).toBe(Err.ADDRESS_INVALID);
  });
});
