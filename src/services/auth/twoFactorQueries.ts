import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from './api.ts';
import { accountKeys } from '../platform/queries/keys.ts';

/** The security screen's reads: two-factor status and the anti-phishing phrase (neither depends on language or book), under the account root. */
export const twoFactorKeys = {
  status: () => [...accountKeys.all, 'twoFactor'] as const,
  antiPhishing: () => [...accountKeys.all, 'antiPhishing'] as const,
};

export const twoFactorQueries = {
  status: () => queryOptions({ queryKey: twoFactorKeys.status(), queryFn: ({ signal }) => authApi.twoFactorStatus(signal) }),
  antiPhishing: () =>
    queryOptions({ queryKey: twoFactorKeys.antiPhishing(), queryFn: ({ signal }) => authApi.antiPhishing(signal) }),
};

export const useTwoFactorStatus = () => useQuery(twoFactorQueries.status());
export const useAntiPhishing = () => useQuery(twoFactorQueries.antiPhishing());
