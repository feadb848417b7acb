import type { LoginResult } from '../../contract/auth.ts';
import { RECOVERY_RE, TOTP_RE } from '../../contract/twoFactorRules.ts';
import { problem, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * The second step of a sign-in with two-factor on: the challenge the password step answered and
 * the code from the authenticator app (or a recovery code). A success hands the session to the
 * session actor, as the password step does without two-factor (src/services/auth/flows.ts).
 * An expired challenge (10213) is shown with the way back: sign in with the password again.
 */
export interface TwoFactorLoginValues {
  challenge: string;
  code: string;
}

/** The code as sent: spaces the user typed between the digit groups taken out. */
export const loginCode = (code: string) => code.replace(/\s+/g, '');

export function twoFactorLoginRefusal(v: TwoFactorLoginValues): Refusal | null {
  const code = loginCode(v.code);
  if (!code) return problem('twoFactor.codeRequired');
  if (!TOTP_RE.test(code) && !RECOVERY_RE.test(code)) return problem('twoFactor.codeShape');
  return null;
}

export const twoFactorLoginMachine = submissionMachine<'twoFactorLogin', TwoFactorLoginValues, LoginResult>({
  id: 'twoFactorLogin',
  check: twoFactorLoginRefusal,
});
