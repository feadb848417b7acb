import { problem, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';
import type { Passkey } from '../../contract/passkeys.ts';

/**
 * Registering a passkey from the security screen (docs/security.md, "Passkeys"): the user names
 * it (optional, what the list shows), then the submit actor asks the service for options, lets
 * the browser's authenticator create the credential (the user confirms with a fingerprint, a face
 * or a PIN) and sends its answer. A cancelled prompt is a refusal like any other; the user may
 * register another passkey after a success.
 */
export interface PasskeyRegisterValues {
  name: string;
}

export function passkeyNameRefusal(v: PasskeyRegisterValues): Refusal | null {
  return v.name.trim().length > 40 ? problem('protection.passkeys.nameTooLong') : null;
}

export const passkeyRegisterMachine = submissionMachine<'passkeyRegister', PasskeyRegisterValues, Passkey>({
  id: 'passkeyRegister',
  check: passkeyNameRefusal,
  again: true,
});
