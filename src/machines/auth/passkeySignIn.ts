import type { LoginResult } from '../../contract/auth.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * "Sign in with a passkey" on the login screen: no name and no password. The submit actor asks
 * for a challenge, lets the authenticator offer the passkeys it holds for this site (the user
 * picks one and confirms) and sends the signed answer; the session follows as for any sign-in.
 * Nothing to check before asking, so the chart has no guard.
 */
export const passkeySignInMachine = submissionMachine<'passkeySignIn', Record<string, never>, LoginResult>({
  id: 'passkeySignIn',
});
