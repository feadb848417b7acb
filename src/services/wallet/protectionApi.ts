import { call } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the browser bundle
import type { LoginResult } from '../../contract/auth.ts';
import type { Passkey, PasskeyList, PasskeyRegisterBody, PasskeySignInBody, RemovedPasskey } from '../../contract/passkeys.ts';
import type {
  Allowlist,
  AllowlistSwitchBody,
  RemovedAddress,
  SaveAddressBody,
  SavedAddress,
  WithdrawalLimits,
} from '../../contract/walletProtection.ts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

const U = '/swx/customer/user';
const L = '/swx/customer/login';

/** Passkeys, the withdrawal allowlist and limits (docs/security.md, docs/wallet.md). */
export const protectionApi = {
  passkeys: (signal?: AbortSignal) => call<PasskeyList>(`${U}/passkeys`, { signal }),
  passkeyOptions: (signal?: AbortSignal) =>
    call<PublicKeyCredentialCreationOptionsJSON>(`${U}/passkeys/options`, { method: 'POST', body: {}, signal }),
  registerPasskey: (body: PasskeyRegisterBody, signal?: AbortSignal) =>
    call<Passkey>(`${U}/passkeys/register`, { method: 'POST', body, signal }),
  removePasskey: (id: string, signal?: AbortSignal) =>
    call<RemovedPasskey>(`${U}/passkeys/${encodeURIComponent(id)}/remove`, { method: 'POST', body: {}, signal }),
  signInOptions: (signal?: AbortSignal) =>
    call<PublicKeyCredentialRequestOptionsJSON>(`${L}/passkeyOptions`, { method: 'POST', body: {}, signal }),
  signIn: (body: PasskeySignInBody, signal?: AbortSignal) =>
    call<LoginResult>(`${L}/loginByPasskey`, { method: 'POST', body, signal }),
  allowlist: (signal?: AbortSignal) => call<Allowlist>(`${U}/allowlist`, { signal }),
  switchAllowlist: (body: AllowlistSwitchBody, signal?: AbortSignal) =>
    call<Allowlist>(`${U}/allowlist`, { method: 'POST', body, signal }),
  saveAddress: (body: SaveAddressBody, signal?: AbortSignal) =>
    call<SavedAddress>(`${U}/allowlist/addresses`, { method: 'POST', body, signal }),
  removeAddress: (id: string, signal?: AbortSignal) =>
    call<RemovedAddress>(`${U}/allowlist/addresses/${encodeURIComponent(id)}/remove`, { method: 'POST', body: {}, signal }),
  limits: (signal?: AbortSignal) => call<WithdrawalLimits>(`${U}/withdrawalLimits`, { signal }),
};
