import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { incidentResolveMachine, resolveBody } from '../../machines/chain/incidentResolve.ts';
import { chainAdminApi } from './api.ts';
import { chainKeys } from './queries.ts';

/** Resolving an incident with its effects: the call, then the operators' chain view asked again. */
export const incidentResolveFlow = (client: QueryClient) =>
  incidentResolveMachine.provide({
    actors: { submit: fromPromise(({ input, signal }) => chainAdminApi.resolve(input.id, resolveBody(input), signal)) },
    actions: {
      submitted: () => {
        void client.invalidateQueries({ queryKey: chainKeys.admin() });
      },
    },
  });
