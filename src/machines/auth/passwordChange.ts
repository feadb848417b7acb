import { passwordStrongEnough, RepasswordBody } from '../../contract/auth.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import { problem, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Changing the password while signed in: the current password, the new one typed twice. Not the
 * reset flow (no code: knowing the current password is the proof). The service ends the account's
 * other sessions; this one stays. The guard applies the contract's rules and RepasswordBody schema.
 */
export interface ChangeValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export const changeBody = (v: ChangeValues): RepasswordBody => ({
  oldPassword: v.oldPassword,
  password: v.password,
  confirmPassword: v.confirmPassword,
});

export function changeRefusal(v: ChangeValues): Refusal | null {
  if (!v.oldPassword) return problem('auth.errors.oldPasswordRequired');
  if (!passwordStrongEnough(v.password)) return problem('auth.errors.passwordWeak');
  if (v.password !== v.confirmPassword) return problem('auth.errors.passwordsDiffer');
  return schemaRefusal(RepasswordBody, changeBody(v));
}

export const passwordChangeMachine = submissionMachine<'passwordChange', ChangeValues, null>({
  id: 'passwordChange',
  check: changeRefusal,
});
