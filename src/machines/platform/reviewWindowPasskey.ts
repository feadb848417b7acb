import type { ReviewWindowState } from '../../contract/reviewWindow.ts';
import { submissionMachine } from './submission.ts';

/**
 * An operator opens the review window with a passkey instead of an authenticator code (issue 42
 * item 2): the submit actor asks the service for a challenge, lets the authenticator sign it and
 * sends the answer; the window's state comes back. Again after a success: a window that closed
 * is opened the same way.
 */
export const reviewWindowPasskeyMachine = submissionMachine<'windowPasskey', Record<string, never>, ReviewWindowState>({
  id: 'windowPasskey',
  again: true,
});
