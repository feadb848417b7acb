import { LoginBody } from '../../contract/auth.ts';
import type { LoginStepResult } from '../../contract/twoFactor.ts';
import { schemaRefusal } from '../platform/contractCheck.ts';
import { problem, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * Sign-in with an account (username, e-mail or full international phone number) and password.
 * The guard asks for both and checks the contract's LoginBody; a success hands the session to
 * the session actor and goes home (the `submitted` action, supplied with the actors).
 * With two-factor sign-in on, the result is a challenge instead of a session: the screen then
 * runs the code step (twoFactorLogin.ts) and the session comes from there.
 * The Google way in is its own small flow (googleStart.ts) on the same screen.
 */
export interface SignInValues {
  account: string;
  password: string;
}

/** The body sent to /login: the account without surrounding spaces. */
export const loginBody = (v: SignInValues): LoginBody => ({ account: v.account.trim(), password: v.password });

export function signInRefusal(v: SignInValues): Refusal | null {
  if (!v.account.trim()) return problem('auth.errors.usernameRequired');
  if (!v.password) return problem('auth.errors.passwordRequired');
  return schemaRefusal(LoginBody, loginBody(v));
}

export const signInMachine = submissionMachine<'signIn', SignInValues, LoginStepResult>({ id: 'signIn', check: signInRefusal });
