import type { AnyStateMachine } from 'xstate';
import type { LoginResult } from '../../../src/contract/auth.ts';
import { Err } from '../../../src/contract/errors.ts';
import { googleCallbackMachine, type GoogleCallbackValues } from '../../../src/machines/auth/googleCallback.ts';
import { googleStartMachine } from '../../../src/machines/auth/googleStart.ts';
import { passwordChangeMachine, type ChangeValues } from '../../../src/machines/auth/passwordChange.ts';
import { passwordResetMachine, type ResetValues } from '../../../src/machines/auth/passwordReset.ts';
import { problem, type Refusal } from '../../../src/machines/platform/refusal.ts';
import { registerMachine, type RegisterValues } from '../../../src/machines/auth/register.ts';
import { signInMachine, type SignInValues } from '../../../src/machines/auth/signIn.ts';
import { user } from '../fixtures.ts';
import { defineModel } from '../paths.ts';
import { submissionCase } from '../submissionModel.ts';

/**
 * The sign-in flows (signIn, googleStart, googleCallback, register, passwordReset, passwordChange), all the shared
 * submission chart: generated paths over submit (values the guard accepts and values it refuses),
 * edit, and the service's answer or refusal delivered as fixtures.
 */
const session: LoginResult = { token: 'tok', user };

export const signIn: SignInValues = { account: ' alice ', password: 'Secret-123' };
export const credentials = {
  channel: 'email',
  email: 'alice@example.test',
  phone: '',
  areaCode: '+44',
  code: '123456',
  password: 'Secret-123',
  confirmPassword: 'Secret-123',
} as const;
export const registration: RegisterValues = { ...credentials, username: 'alice', inviteCode: ' ABCD1234 ', acceptedTerms: true };
export const reset: ResetValues = { ...credentials };
export const change: ChangeValues = { oldPassword: 'Old-secret-1', password: 'Secret-123', confirmPassword: 'Secret-123' };
export const googleReturn: GoogleCallbackValues = { code: 'provider-code', state: 'issued-state' };

/** A flow that ends signed in: the service answers with a session, or refuses with a catalogue code. */
const signingIn = <Values>(
  id: string,
  machine: AnyStateMachine,
  good: Values,
  refused: { values: Values; refusal: Refusal },
  code: number,
  message: string,
) => submissionCase({ id, machine, good, refused, output: session, serviceError: { code, message } });

export const model = defineModel(
  signingIn(
    'signIn',
    signInMachine,
    signIn,
    { values: { ...signIn, password: '' }, refusal: problem('auth.errors.passwordRequired') },
    Err.PASSWORD_WRONG,
    'Wrong password',
  ),
  signingIn(
    'googleCallback',
    googleCallbackMachine,
    googleReturn,
    { values: { ...googleReturn, state: '' }, refusal: problem('auth.googleFailed') },
    Err.GOOGLE_LOGIN_FAILED,
    'Google sign-in failed',
  ),
  signingIn(
    'register',
    registerMachine,
    registration,
    { values: { ...registration, confirmPassword: 'Secret-124' }, refusal: problem('auth.errors.passwordsDiffer') },
    Err.USERNAME_EXISTS,
    'The username is taken',
  ),
  // nothing to check before asking for the provider's address
  submissionCase({
    id: 'googleStart',
    machine: googleStartMachine,
    good: {},
    output: { url: 'https://accounts.example.test/auth?state=s', state: 's' },
    serviceError: { code: Err.GOOGLE_LOGIN_FAILED, message: 'Google sign-in is not configured' },
  }),
  // success ends every session of the account: no session in the answer
  submissionCase({
    id: 'passwordReset',
    machine: passwordResetMachine,
    good: reset,
    refused: { values: { ...reset, code: ' ' }, refusal: problem('auth.errors.codeRequired') },
    output: null,
    serviceError: { code: Err.VERIFY_CODE_WRONG, message: 'Wrong verification code' },
  }),
  // signed in: the current password instead of a code; the session stays
  submissionCase({
    id: 'passwordChange',
    machine: passwordChangeMachine,
    good: change,
    refused: { values: { ...change, oldPassword: '' }, refusal: problem('auth.errors.oldPasswordRequired') },
    output: null,
    serviceError: { code: Err.PASSWORD_WRONG, message: 'Wrong password' },
  }),
);
