import { Check } from 'typebox/value';
import { LoginByGoogleBody } from '../../contract/auth.ts';
import type { LoginStepResult } from '../../contract/twoFactor.ts';
import { problem, type Refusal } from '../platform/refusal.ts';
import { submissionMachine } from '../platform/submission.ts';

/**
 * The return from Google: the page posts the `code` and `state` the provider put in the address
 * (the service checks the state it issued and signs in or creates the account). The screen
 * submits once on arrival; missing or over-long parameters fail at once, without a request.
 */
export interface GoogleCallbackValues {
  code: string;
  state: string;
}

/** The body sent to loginByGoogle, cut to the contract's limits. */
export const googleBody = (v: GoogleCallbackValues): LoginByGoogleBody => ({
  code: v.code.slice(0, 2048),
  state: v.state.slice(0, 256),
});

export const googleCallbackRefusal = (v: GoogleCallbackValues): Refusal | null =>
  Check(LoginByGoogleBody, googleBody(v)) ? null : problem('auth.googleFailed');

export const googleCallbackMachine = submissionMachine<'googleCallback', GoogleCallbackValues, LoginStepResult>({
  id: 'googleCallback',
  check: googleCallbackRefusal,
});
