import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { startAuthentication, WebAuthnError } from '@simplewebauthn/browser';
import { reviewWindowPasskeyMachine } from '../../machines/platform/reviewWindowPasskey.ts';
import { problem, Refused } from '../../machines/platform/refusal.ts';
import { opsApi } from './opsApi.ts';
import { opsKeys } from './opsQueries.ts';

/** A prompt the operator cancels, or a browser without passkeys, is a refusal the console shows. */
function authenticatorRefusal(err: unknown): never {
  if (err instanceof WebAuthnError || (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')))
    throw new Refused(problem('protection.passkeys.cancelled'));
  throw err;
}

/** The review window opened with a passkey (POST /admin-api/review-window/passkeyOptions, then /passkey). */
export const reviewWindowPasskeyFlow = (client: QueryClient) =>
  reviewWindowPasskeyMachine.provide({
    actors: {
      submit: fromPromise(async ({ signal }) => {
        const optionsJSON = await opsApi.reviewWindowPasskeyOptions(signal);
        const response = await startAuthentication({ optionsJSON }).catch(authenticatorRefusal);
        return opsApi.openReviewWindowWithPasskey(response, signal);
      }),
    },
    actions: { submitted: (_, { output }) => client.setQueryData(opsKeys.reviewWindow(), output) },
  });
