import { createActor, fromPromise } from 'xstate';
import { stepUpMachine } from '../../machines/stepUp.ts';
import { twoFactorEnrolMachine } from '../../machines/twoFactorEnrol.ts';
import { loginCode, twoFactorLoginMachine } from '../../machines/twoFactorLogin.ts';
import { antiPhishingMachine, twoFactorOffMachine } from '../../machines/twoFactorSettings.ts';
import { setStepUpPrompt } from '../api.ts';
import { authApi } from '../authApi.ts';
import { signedIn, type SessionSink } from './authFlows.ts';

/**
 * The two-factor flows with their effects (docs/security.md, "Two-factor sign-in"): the code step
 * of a sign-in, enrolment, turning it off, the anti-phishing phrase, and the step-up prompt the
 * HTTP client asks when a call needs a fresh code. `done` callbacks come from the screen (it asks
 * for the status again).
 */

export const twoFactorLoginFlow = (session: SessionSink, to = '/') =>
  twoFactorLoginMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.loginTwoFactor({ challenge: input.challenge, code: loginCode(input.code) }, signal)) },
    actions: { submitted: signedIn(session, false, to) },
  });

export const twoFactorEnrolFlow = (done: () => void) =>
  twoFactorEnrolMachine.provide({
    actors: {
      setup: fromPromise(({ signal }) => authApi.twoFactorSetup(signal)),
      enable: fromPromise(({ input, signal }) => authApi.twoFactorEnable(input.code, signal)),
    },
    actions: { finished: done },
  });

export const twoFactorOffFlow = (done: () => void) =>
  twoFactorOffMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.twoFactorDisable({ password: input.password, code: loginCode(input.code) }, signal)) },
    actions: { submitted: done },
  });

export const antiPhishingFlow = (done: () => void) =>
  antiPhishingMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => authApi.setAntiPhishing(input.phrase.trim() === '' ? null : input.phrase, signal)) },
    actions: { submitted: done },
  });

/**
 * The app's one step-up actor: the dialog (src/views/security/StepUpDialog.tsx) creates and
 * renders it, and `useStepUpPrompt` hands it to the HTTP client as its prompt while the dialog is
 * mounted. Each ask waits for the user's code or cancellation; a second ask while one waits
 * replaces it (the earlier call gives up).
 */
export function createStepUp() {
  let pending: ((code: string | null) => void) | null = null;
  const settle = (code: string | null) => {
    const p = pending;
    pending = null;
    p?.(code);
  };
  const actor = createActor(stepUpMachine.provide({
    actions: {
      answered: (_, { code }) => settle(code),
      cancelled: () => settle(null),
    },
  }));
  actor.start();
  /** registers the prompt; returns what unregisters it (an effect's cleanup) */
  const attach = () => {
    setStepUpPrompt((message) => new Promise<string | null>((resolve) => {
      settle(null);
      pending = resolve;
      actor.send({ type: 'stepUp.ask', message });
    }));
    return () => {
      setStepUpPrompt(null);
      settle(null);
    };
  };
  return { actor, attach };
}
