import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { smartAdminApi, smartApi, type UpdateSmartProductBody } from '../smartApi.ts';
import type { FundReserveBody } from '../../contract/smart.ts';
import { walletApi } from '../walletApi.ts';
import { keepPreviousWithin } from './scope.ts';
import { walletKeys } from './wallet.ts';
import { smartKeys } from './keys.ts';

/**
 * Smart plan reads. Neither the products (names are the operator's, not translated) nor the
 * plans (real book only, whatever book is selected) depend on book or language, so the keys carry
 * neither. The user-events actor invalidates them on `smart.*` events (invalidation.ts): a payout
 * refreshes the plans, the balance and the reserve figures without any polling.
 */
export { smartKeys } from './keys.ts';

/** Products on sale with each term's reserve cover, and the public reserve figures. */
export function useSmartProducts() {
  return useQuery({ queryKey: smartKeys.products(), queryFn: ({ signal }) => smartApi.products(signal) });
}

/** The user's plans, newest first (real book). */
export function useSmartPlans(page: number, pageSize: number, enabled: boolean) {
  const queryKey = smartKeys.plansPage(page, pageSize);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => smartApi.plans({ pageNum: page, pageSize }, signal),
    placeholderData: keepPreviousWithin(queryKey, 2),
    enabled,
  });
}

/** The real book's balances (plans are paid from and into it), under the wallet's own key. */
export function useRealBalances(enabled: boolean) {
  return useQuery({ queryKey: walletKeys.balances('real'), queryFn: ({ signal }) => walletApi.balances({ book: 'real' }, signal), enabled });
}

// ---------------------------------------------------------------- operators

export function useAdminReserve() {
  return useQuery({ queryKey: smartKeys.adminReserve(), queryFn: ({ signal }) => smartAdminApi.reserve(signal) });
}

export function useAdminSmartProducts() {
  return useQuery({ queryKey: smartKeys.adminProducts(), queryFn: ({ signal }) => smartAdminApi.products(signal) });
}

export function useAdminSmartUsers(q: string) {
  return useQuery({ queryKey: smartKeys.adminUsers(q), queryFn: ({ signal }) => smartAdminApi.users(q, signal), enabled: q.trim().length > 0 });
}

/** A change the console made: its own list and the public figures customers see are asked again. */
function useSmartAdminMutation<V, R>(run: (v: V) => Promise<R>, keys: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all([...keys, smartKeys.products()].map((queryKey) => client.invalidateQueries({ queryKey }))),
    // refusals are shown beside the form that made them
    meta: { showsError: true },
  });
}

export const useProposeReserve = () => useSmartAdminMutation((v: FundReserveBody) => smartAdminApi.propose(v), [smartKeys.adminReserve()]);
/** confirm or reject another operator's proposal */
export const useDecideReserve = () =>
  useSmartAdminMutation((v: { id: string; decision: 'confirm' | 'reject' }) => smartAdminApi[v.decision](v.id), [smartKeys.adminReserve()]);
export const useUpdateSmartProduct = () =>
  useSmartAdminMutation((v: { id: string; body: UpdateSmartProductBody }) => smartAdminApi.updateProduct(v.id, v.body), [smartKeys.adminProducts(), smartKeys.adminReserve()]);
export const useSetSmartEnabled = () =>
  useSmartAdminMutation((v: { id: string; smartEnabled: boolean }) => smartAdminApi.setUser(v.id, v.smartEnabled), [['admin', 'smart', 'users']]);
