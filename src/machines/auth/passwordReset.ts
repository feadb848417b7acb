import { RepasswordBody } from '../../contract/auth.ts';
import { credentialsBody, credentialsRefusal, type CredentialValues } from './credentials.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import type { Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * A forgotten password: the e-mail or phone, the code sent there (purpose "reset"), a new
 * password typed twice. The guard applies the contract's rules and RepasswordBody schema; on
 * success every session of the account has ended and the user is sent to sign in.
 */
export type ResetValues = CredentialValues;

export const resetBody = (v: ResetValues): RepasswordBody => credentialsBody(v);

export function resetRefusal(v: ResetValues): Refusal | null {
  return credentialsRefusal(v) ?? schemaRefusal(RepasswordBody, resetBody(v));
}

export const passwordResetMachine = submissionMachine<'passwordReset', ResetValues, null>({
  id: 'passwordReset',
  check: resetRefusal,
});
