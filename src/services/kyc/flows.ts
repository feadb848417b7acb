import type { QueryClient } from '@tanstack/react-query';
import { fromCallback } from 'xstate';
import { kycFormMachine, type KycFormEvent, type KycRequest } from '../../machines/kyc/kycForm.ts';
import { kycApi } from './api.ts';
import { kycKeys } from './queries.ts';

/**
 * The verification form with its effect: the multipart upload, reporting progress to the form,
 * aborted when the form goes away. After a submission the user's verification is asked again,
 * then `onSubmitted` (the screen shows the status); `update` sends a verified person's changed
 * data back to review.
 */
export const kycFlow = (client: QueryClient, onSubmitted: () => void, update = false) =>
  kycFormMachine.provide({
    actors: {
      submit: fromCallback<KycFormEvent, KycRequest>(({ sendBack, input }) => {
        const abort = new AbortController();
        kycApi
          .submit(input, (fraction) => sendBack({ type: 'kyc.progress', fraction }), abort.signal, update)
          .then(
            (result) => sendBack({ type: 'kyc.submitted', result }),
            (error: unknown) => !abort.signal.aborted && sendBack({ type: 'kyc.failed', error }),
          );
        return () => abort.abort();
      }),
    },
    actions: {
      submitted: () => {
        void client.invalidateQueries({ queryKey: kycKeys.mine() });
        onSubmitted();
      },
    },
  });
