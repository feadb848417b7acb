import { fromPromise } from 'xstate';
import type { CodePurpose, LoginResult } from '../../contract/auth.ts';
import { codeSenderMachine } from '../../machines/auth/codeSender.ts';
import { googleCallbackMachine, googleBody } from '../../machines/auth/googleCallback.ts';
import { googleStartMachine } from '../../machines/auth/googleStart.ts';
import { changeBody, passwordChangeMachine } from '../../machines/auth/passwordChange.ts';
import { passwordResetMachine, resetBody } from '../../machines/auth/passwordReset.ts';
import { registerMachine, registerBody } from '../../machines/auth/register.ts';
import type { SessionEvent } from '../../machines/auth/session.ts';
import { loginBody, signInMachine } from '../../machines/auth/signIn.ts';
import { i18n } from '../../i18n/index.ts';
import { authApi } from './api.ts';
import { navigate } from '../platform/navigation.ts';
import { toast } from '../platform/toast.ts';
import type { LoginStepResult } from '../../contract/twoFactor.ts';
import { isChallenge } from '../../contract/twoFactorRules.ts';

/**
 * The sign-in flows with their effects: each function returns the flow's machine with the
 * service call as its `submit` actor (the abort signal passed through, so leaving the screen
 * cancels the request) and what follows a success as its `submitted` action. Screens run the
 * result with useFlow and never see the API.
 */

/** Where a new session goes: the app's session actor. */
export interface SessionSink {
  send: (event: SessionEvent) => void;
}

/**
 * A session opened: to the session actor, then home, or back to the page that asked for the
 * sign-in (`to`: /admin sends a signed-out visitor to /pass/login?next=/admin). A two-factor
 * challenge (the password step with two-factor on) is no session: the screen shows the code step
 * (twoFactorFlows.ts) instead.
 */
export const signedIn =
  (session: SessionSink, replace = false, to = '/') =>
  (_: unknown, { output }: { output: LoginResult | LoginStepResult }) => {
    if (isChallenge(output)) return;
    session.send({ type: 'session.loggedIn', result: output });
    navigate(to, replace);
  };

// the flows that end signed in: the service call that makes the session from the form's values
export const signInFlow = (session: SessionSink, to = '/') =>
  signInMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.login(loginBody(input), signal)) },
    actions: { submitted: signedIn(session, false, to) },
  });

export const registerFlow = (session: SessionSink) =>
  registerMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.register(registerBody(input), signal)) },
    actions: { submitted: signedIn(session) },
  });

/** The provider's return: the history entry of the callback is replaced, so Back does not post the code again. */
export const googleCallbackFlow = (session: SessionSink) =>
  googleCallbackMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.loginByGoogle(googleBody(input), signal)) },
    actions: { submitted: signedIn(session, true) },
  });

/** The Google button: ask for the provider's address, then leave the app for it. */
export const googleStartFlow = () =>
  googleStartMachine.provide({
    actors: { submit: fromPromise(({ signal }) => authApi.googleAuthUrl(signal)) },
    actions: { submitted: (_, { output }) => location.assign(output.url) },
  });

export const passwordResetFlow = () =>
  passwordResetMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.repassword(resetBody(input), signal)) },
    actions: {
      submitted: () => {
        toast(i18n.t('app:auth.resetDone'), 'success');
        navigate('/pass/login');
      },
    },
  });

/** Signed in: the new password is set, this session stays (the others end); back to the account. */
export const passwordChangeFlow = () =>
  passwordChangeMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.repassword(changeBody(input), signal)) },
    actions: {
      submitted: () => {
        toast(i18n.t('app:auth.changeDone'), 'success');
        navigate('/profile');
      },
    },
  });

/** The send-code button of a form, for codes of this purpose. */
export const codeSenderFlow = (purpose: CodePurpose) =>
  codeSenderMachine.provide({
    actors: { sendCode: fromPromise(({ input, signal }) => authApi.sendCode({ ...input, purpose }, signal)) },
  });
