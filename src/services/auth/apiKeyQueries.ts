import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../platform/queries/keys.ts';
import { apiKeysApi } from './api.ts';

/** The account's API keys (neither language nor book), under the account root: a sign-out drops them. */
export const apiKeyKeys = {
  list: () => [...accountKeys.all, 'apiKeys'] as const,
};

export const apiKeyQueries = {
  list: () => queryOptions({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => apiKeysApi.list(signal) }),
};

export const useApiKeys = () => useQuery(apiKeyQueries.list());

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiKeysApi.revoke(id),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list() }),
    meta: { showsError: true },
  });
}
