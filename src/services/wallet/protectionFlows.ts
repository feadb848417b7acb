import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { allowlistAddressMachine, saveAddressBody } from '../../machines/wallet/allowlistAddress.ts';
import { allowlistSwitchMachine } from '../../machines/wallet/allowlistSwitch.ts';
import { passkeyRegisterMachine, passkeySignInMachine, type SessionEvent } from '../../machines/auth/index.ts';
import { problem, Refused } from '../../machines/platform/refusal.ts';
import { i18n } from '../../i18n/index.ts';
import { navigate } from '../platform/navigation.ts';
import { protectionApi } from './protectionApi.ts';
import { protectionKeys } from './protectionQueries.ts';
import { toast } from '../platform/toast.ts';

/** The session actor, as the passkey sign-in tells it (the same as auth's SessionSink, from the machine's door). */
type SessionSink = { send: (event: SessionEvent) => void };

/**
 * The flows of the security screen and the passkey button of the login screen, with their
 * effects: the service calls and the browser's authenticator (@simplewebauthn/browser). A prompt
 * the user cancels, or a browser without passkeys, is a refusal the flow shows. A change asks
 * again for the list it touched.
 */
function authenticatorRefusal(err: unknown): never {
  if (err instanceof WebAuthnError || (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError'))) {
    throw new Refused(problem('protection.passkeys.cancelled'));
  }
  throw err;
}

export const passkeyRegisterFlow = (client: QueryClient) =>
  passkeyRegisterMachine.provide({
    actors: {
      submit: fromPromise(async ({ input, signal }) => {
        const optionsJSON = await protectionApi.passkeyOptions(signal);
        const response = await startRegistration({ optionsJSON }).catch(authenticatorRefusal);
        const name = input.name.trim();
        return protectionApi.registerPasskey({ response, ...(name ? { name } : {}) }, signal);
      }),
    },
    actions: {
      submitted: () => {
        toast(i18n.t('app:protection.passkeys.added'), 'success');
        void client.invalidateQueries({ queryKey: protectionKeys.passkeys() });
      },
    },
  });

export const passkeySignInFlow = (session: SessionSink, to = '/') =>
  passkeySignInMachine.provide({
    actors: {
      submit: fromPromise(async ({ signal }) => {
        const optionsJSON = await protectionApi.signInOptions(signal);
        const response = await startAuthentication({ optionsJSON }).catch(authenticatorRefusal);
        return protectionApi.signIn({ response }, signal);
      }),
    },
    actions: {
      submitted: (_, { output }) => {
        session.send({ type: 'session.loggedIn', result: output });
        navigate(to);
      },
    },
  });

const allowlistChanged = (client: QueryClient) => () => void client.invalidateQueries({ queryKey: protectionKeys.allowlist() });

export const allowlistAddressFlow = (client: QueryClient) =>
  allowlistAddressMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => protectionApi.saveAddress(saveAddressBody(input), signal)) },
    actions: { submitted: allowlistChanged(client) },
  });

export const allowlistSwitchFlow = (client: QueryClient) =>
  allowlistSwitchMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => protectionApi.switchAllowlist({ on: input.on }, signal)) },
    actions: { submitted: allowlistChanged(client) },
  });
