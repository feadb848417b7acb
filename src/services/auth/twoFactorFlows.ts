import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { twoFactorEnrolMachine } from '../../machines/auth/twoFactorEnrol.ts';
import { loginCode, twoFactorLoginMachine } from '../../machines/auth/twoFactorLogin.ts';
import { antiPhishingMachine, twoFactorOffMachine } from '../../machines/auth/twoFactorSettings.ts';
import { authApi } from './api.ts';
import { twoFactorKeys } from './twoFactorQueries.ts';
import { signedIn, type SessionSink } from './flows.ts';

/**
 * The two-factor flows with their effects (docs/security.md, "Two-factor sign-in"): the code step
 * of a sign-in, enrolment, turning it off, the anti-phishing phrase, and the step-up prompt the
 * HTTP client asks when a call needs a fresh code. Enrolment and turning it off ask for the
 * status again, a new phrase for the phrase.
 */

export const twoFactorLoginFlow = (session: SessionSink, to = '/') =>
  twoFactorLoginMachine.provide({
    actors: {
      submit: fromPromise(({ input, signal }) =>
        authApi.loginTwoFactor({ challenge: input.challenge, code: loginCode(input.code) }, signal),
      ),
    },
    actions: { submitted: signedIn(session, false, to) },
  });

export const twoFactorEnrolFlow = (client: QueryClient) =>
  twoFactorEnrolMachine.provide({
    actors: {
      setup: fromPromise(({ signal }) => authApi.twoFactorSetup(signal)),
      enable: fromPromise(({ input, signal }) => authApi.twoFactorEnable(input.code, signal)),
    },
    actions: { finished: () => void client.invalidateQueries({ queryKey: twoFactorKeys.status() }) },
  });

export const twoFactorOffFlow = (client: QueryClient) =>
  twoFactorOffMachine.provide({
    actors: {
      submit: fromPromise(({ input, signal }) =>
        authApi.twoFactorDisable({ password: input.password, code: loginCode(input.code) }, signal),
      ),
    },
    actions: { submitted: () => void client.invalidateQueries({ queryKey: twoFactorKeys.status() }) },
  });

export const antiPhishingFlow = (client: QueryClient) =>
  antiPhishingMachine.provide({
    actors: {
      submit: fromPromise(({ input, signal }) =>
        authApi.setAntiPhishing(input.phrase.trim() === '' ? null : input.phrase, signal),
      ),
    },
    actions: { submitted: () => void client.invalidateQueries({ queryKey: twoFactorKeys.antiPhishing() }) },
  });
