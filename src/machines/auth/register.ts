import { RegisterBody, USERNAME_RE, type LoginResult } from '../../contract/auth.ts';
import { credentialsBody, credentialsRefusal, type CredentialValues } from './credentials.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import { problem, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Opening an account: a username, the e-mail or phone the verification code went to (the send
 * button is the codeSender machine), the code, a password typed twice and an optional invite
 * code, and the consent to the terms of service and the privacy policy (never sent: an account
 * is opened only with it ticked). The guard applies the contract's rules and RegisterBody schema; a success is a session,
 * handed to the session actor, and the user lands home signed in.
 */
export interface RegisterValues extends CredentialValues {
  username: string;
  inviteCode: string;
  /** the terms of service and privacy policy are accepted (the form's box) */
  acceptedTerms: boolean;
}

export const registerBody = (v: RegisterValues): RegisterBody => {
  const invite = v.inviteCode.trim();
  return { username: v.username, ...credentialsBody(v), ...(invite ? { inviteCode: invite } : {}) };
};

export function registerRefusal(v: RegisterValues): Refusal | null {
  if (!USERNAME_RE.test(v.username)) return problem('auth.errors.usernameInvalid');
  const credentials = credentialsRefusal(v, v.username);
  if (credentials) return credentials;
  if (!v.acceptedTerms) return problem('newuser.consentRequired');
  return schemaRefusal(RegisterBody, registerBody(v));
}

export const registerMachine = submissionMachine<'register', RegisterValues, LoginResult>({
  id: 'register',
  check: registerRefusal,
});
