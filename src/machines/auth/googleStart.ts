import type { GoogleAuthUrlResult } from '../../contract/auth.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * The Google way in, from the sign-in screen: ask the service for the provider's address (with
 * the state it will check on return), then leave for it (the `submitted` action). Nothing to
 * check before asking; a refusal (Google sign-in not configured) shows under the button.
 */
export const googleStartMachine = submissionMachine<'googleStart', Record<string, never>, GoogleAuthUrlResult>({
  id: 'googleStart',
});
