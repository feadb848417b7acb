/**
 * What the passkey routes say of themselves in the API contract (docs/api.md).
 */
import { Err } from '../../../src/contract/errors.ts';
import type { RouteDoc } from '../../platform/http/routeSchema.ts';

export const DOCS = {
  passkeyOptions: {
    operationId: 'passkeyOptions',
    summary: 'Start a passkey sign-in: options for startAuthentication (a challenge that works once, for 5 minutes)',
    description:
      'Starts a passkey sign-in: the options for startAuthentication, with a challenge that works once, for 5 minutes.',
    refusals: [],
  },
  loginByPasskey: {
    operationId: 'loginByPasskey',
    summary: "Sign in with a passkey: the authenticator's answer names the account, no password",
    description: "Signs in with a passkey: the authenticator's answer names the account, no password; the token and profile.",
    refusals: [
      Err.PASSKEY_CHALLENGE_EXPIRED,
      Err.PASSKEY_NOT_VERIFIED,
      Err.PASSKEY_UNKNOWN,
      Err.PASSKEY_COUNTER_REPLAYED,
      Err.USER_STATUS_ABNORMAL,
    ],
  },
  listPasskeys: {
    operationId: 'listPasskeys',
    summary: "This account's passkeys",
    description: "The caller's passkeys with their names and last use.",
    refusals: [],
  },
  passkeyRegistrationOptions: {
    operationId: 'passkeyRegistrationOptions',
    summary: 'Start registering a passkey: options for startRegistration',
    description: 'Starts registering a passkey: the options for startRegistration.',
    refusals: [Err.PASSKEY_LIMIT],
  },
  registerPasskey: {
    operationId: 'registerPasskey',
    summary: "Finish registering a passkey with the authenticator's answer",
    description: "Finishes registering a passkey with the authenticator's answer; the owner is told by mail.",
    refusals: [Err.PASSKEY_CHALLENGE_EXPIRED, Err.PASSKEY_NOT_VERIFIED, Err.PASSKEY_ALREADY_REGISTERED, Err.PASSKEY_LIMIT],
  },
  removePasskey: {
    operationId: 'removePasskey',
    summary: "Remove one of this account's passkeys (at once)",
    description: "Removes one of the caller's passkeys at once.",
    refusals: [Err.RECORD_NOT_FOUND],
  },
} as const satisfies Record<string, RouteDoc>;
