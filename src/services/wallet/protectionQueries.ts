import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { protectionApi } from './protectionApi.ts';
import { accountKeys } from '../platform/queries/keys.ts';

/**
 * Passkeys, the withdrawal allowlist and the withdrawal limits. The answers depend on neither the
 * book nor the language; their keys grow from the account root, so a sign-out drops them
 * (forgetUser). Every change here asks for the list again.
 */
const protection = [...accountKeys.all, 'protection'] as const;
export const protectionKeys = {
  all: protection,
  passkeys: () => [...protection, 'passkeys'] as const,
  allowlist: () => [...protection, 'allowlist'] as const,
  limits: () => [...protection, 'limits'] as const,
};

export const protectionQueries = {
  passkeys: () => queryOptions({ queryKey: protectionKeys.passkeys(), queryFn: ({ signal }) => protectionApi.passkeys(signal) }),
  allowlist: () =>
    queryOptions({ queryKey: protectionKeys.allowlist(), queryFn: ({ signal }) => protectionApi.allowlist(signal) }),
  /** the limits with what remains: shown on the security screen and under the withdrawal form */
  limits: () => queryOptions({ queryKey: protectionKeys.limits(), queryFn: ({ signal }) => protectionApi.limits(signal) }),
};

export const usePasskeys = () => useQuery(protectionQueries.passkeys());
export const useAllowlist = () => useQuery(protectionQueries.allowlist());
export const useWithdrawalLimits = (enabled = true) => useQuery({ ...protectionQueries.limits(), enabled });

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => protectionApi.removePasskey(id),
    onSuccess: () => client.invalidateQueries({ queryKey: protectionKeys.passkeys() }),
    meta: { showsError: true },
  });
}

export function useRemoveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => protectionApi.removeAddress(id),
    onSuccess: () => client.invalidateQueries({ queryKey: protectionKeys.allowlist() }),
    meta: { showsError: true },
  });
}
