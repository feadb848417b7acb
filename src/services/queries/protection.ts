import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { protectionApi } from '../protectionApi.ts';

/**
 * Passkeys, the withdrawal allowlist and the withdrawal limits. The answers depend on neither the
 * book nor the language; their keys grow from the account root, so a sign-out drops them
 * (forgetUser). Every change here asks for the list again.
 */
export const protectionKeys = {
  all: ['account', 'protection'] as const,
  passkeys: () => ['account', 'protection', 'passkeys'] as const,
  allowlist: () => ['account', 'protection', 'allowlist'] as const,
  limits: () => ['account', 'protection', 'limits'] as const,
};

export function usePasskeys() {
  return useQuery({ queryKey: protectionKeys.passkeys(), queryFn: ({ signal }) => protectionApi.passkeys(signal) });
}

export function useAllowlist() {
  return useQuery({ queryKey: protectionKeys.allowlist(), queryFn: ({ signal }) => protectionApi.allowlist(signal) });
}

/** The limits with what remains: shown on the security screen and under the withdrawal form. */
export function useWithdrawalLimits(enabled = true) {
  return useQuery({ queryKey: protectionKeys.limits(), queryFn: ({ signal }) => protectionApi.limits(signal), enabled });
}

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
