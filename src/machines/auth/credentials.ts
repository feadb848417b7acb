import { EMAIL_RE, passwordContainsName, passwordStrongEnough } from '../../contract/auth.ts';
import { Err } from '../../contract/errors.ts';
import { problem, refused, type Refusal } from '../platform/refusal.ts';

/**
 * What register and password reset both ask for: where the verification code goes (an e-mail,
 * or a phone number with its area code), the code, and a new password typed twice. The rules
 * are the contract's (EMAIL_RE, passwordStrongEnough, passwordContainsName); both flows check
 * them in this order. A common password (10057) only the service can tell: its refusal shows
 * beside the form like any other.
 */
export type Channel = 'email' | 'phone';

export interface TargetValues {
  channel: Channel;
  email: string;
  phone: string;
  areaCode: string;
}
export interface CredentialValues extends TargetValues {
  code: string;
  password: string;
  confirmPassword: string;
}

export type Target = { email: string } | { phone: string; areaCode: string };

/** The target of the chosen channel, as the service takes it. */
export const targetOf = (v: TargetValues): Target =>
  v.channel === 'email' ? { email: v.email.trim() } : { phone: v.phone.trim(), areaCode: v.areaCode };

/** A code can be sent: a well-formed e-mail, or a phone number. */
export function targetRefusal(v: TargetValues): Refusal | null {
  if (v.channel === 'email') return EMAIL_RE.test(v.email.trim()) ? null : problem('auth.errors.emailInvalid');
  return v.phone.trim() ? null : problem('auth.errors.phoneRequired');
}

/** `username`: the one being registered (a reset does not know it; the service checks it then). */
export function credentialsRefusal(v: CredentialValues, username?: string): Refusal | null {
  const target = targetRefusal(v);
  if (target) return target;
  if (!v.code.trim()) return problem('auth.errors.codeRequired');
  if (!passwordStrongEnough(v.password)) return problem('auth.errors.passwordWeak');
  if (passwordContainsName(v.password, { username, email: v.channel === 'email' ? v.email : null }))
    return refused(Err.PASSWORD_HAS_NAME);
  if (v.password !== v.confirmPassword) return problem('auth.errors.passwordsDiffer');
  return null;
}

/** The part of the body both flows send. */
export const credentialsBody = (v: CredentialValues) => ({
  ...targetOf(v),
  code: v.code.trim(),
  password: v.password,
  confirmPassword: v.confirmPassword,
});
