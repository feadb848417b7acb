import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { Err } from '../../../contract/errors.ts';
import { isApiError } from '../api.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** the screen shows this mutation's error itself (beside its form): the root does not toast it */
      showsError?: boolean;
    };
  }
}

/** Failures the user already sees elsewhere, or that are not failures: a 401 (the session actor logs out) and aborts. */
const handledElsewhere = (error: unknown) => isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'aborted');

/**
 * The app's one QueryClient (created at the root, src/views/platform/app/). Defaults, and why:
 * - no refetch on window focus or on an interval: answers change when the user does something
 *   or when a user event says so (invalidation.ts), never on a timer;
 * - one retry for a network failure, none for a refusal (a catalogue code will not change);
 * - `report` is told of failures nobody sees otherwise: a background refetch of a query whose
 *   screen still shows the older answer, and a mutation whose screen shows no error itself.
 *   A first load that fails is shown by the screen (Loadable's failed state), not reported.
 */
export function createQueryClient(report: (message: string) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined && !handledElsewhere(error)) report(error.message);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.showsError && !handledElsewhere(error)) report(error.message);
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && isApiError(error) && error.kind === 'network',
      },
      mutations: { retry: false },
    },
  });
}

/** A refusal that means "there is no such thing": the screen says not found, not "check your connection". */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set([Err.INSTRUMENT_NOT_FOUND, Err.NOT_FOUND, Err.RECORD_NOT_FOUND]);
export const isNotFound = (error: unknown): boolean =>
  isApiError(error) && ((error.code !== null && NOT_FOUND_CODES.has(error.code)) || error.httpStatus === 404);
