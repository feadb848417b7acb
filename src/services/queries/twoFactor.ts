import { useQuery } from '@tanstack/react-query';
import { authApi } from '../authApi.ts';

/** The security screen's reads: two-factor status and the anti-phishing phrase (neither depends on language or book). */
export const twoFactorKeys = {
  status: () => ['account', 'twoFactor'] as const,
  antiPhishing: () => ['account', 'antiPhishing'] as const,
};

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKeys.status(), queryFn: ({ signal }) => authApi.twoFactorStatus(signal) });
}

export function useAntiPhishing() {
  return useQuery({ queryKey: twoFactorKeys.antiPhishing(), queryFn: ({ signal }) => authApi.antiPhishing(signal) });
}
