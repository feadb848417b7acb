import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { smartAdminApi, smartApi, type UpdateSmartProductBody } from './api.ts';
import type { FundReserveBody } from '../../contract/smart.ts';
import { useClientKey } from '../platform/queries/keyed.ts';
import { keepPreviousWithin } from '../platform/queries/scope.ts';
import { adminKeys, smartKeys as eventKeys } from '../platform/queries/keys.ts';

/**
 * Smart plan reads. Neither the products (names are the operator's, not translated) nor the
 * plans (real book only, whatever book is selected) depend on book or language, so the keys carry
 * neither. The user-events actor invalidates them on `smart.*` events (invalidation.ts): a payout
 * refreshes the plans, the balance and the reserve figures without any polling. The real book's
 * balances are the wallet's one query (wallet.ts `useBalances('real')`, `useAvailable`).
 */
const admin = [...adminKeys.all, 'smart'] as const;
export const smartKeys = {
  ...eventKeys,
  plansPage: (page: number, pageSize: number) => [...eventKeys.plans(), { page, pageSize }] as const,
  // the operator's, under 'admin' so that logging out drops them with the rest of the console
  adminReserve: () => [...admin, 'reserve'] as const,
  adminProducts: () => [...admin, 'products'] as const,
  adminUsersAll: () => [...admin, 'users'] as const,
  adminUsers: (q: string) => [...admin, 'users', q] as const,
};

export const smartQueries = {
  /** products on sale with each term's reserve cover, and the public reserve figures */
  products: () => queryOptions({ queryKey: smartKeys.products(), queryFn: ({ signal }) => smartApi.products(signal) }),
  /** the user's plans, newest first (real book) */
  plansPage: (page: number, pageSize: number) => {
    const queryKey = smartKeys.plansPage(page, pageSize);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => smartApi.plans({ pageNum: page, pageSize }, signal),
      placeholderData: keepPreviousWithin(queryKey, 2),
    });
  },
  adminReserve: () =>
    queryOptions({ queryKey: smartKeys.adminReserve(), queryFn: ({ signal }) => smartAdminApi.reserve(signal) }),
  adminProducts: () =>
    queryOptions({ queryKey: smartKeys.adminProducts(), queryFn: ({ signal }) => smartAdminApi.products(signal) }),
  /** nothing is asked for an empty search */
  adminUsers: (q: string) =>
    queryOptions({
      queryKey: smartKeys.adminUsers(q),
      queryFn: ({ signal }) => smartAdminApi.users(q, signal),
      enabled: q.trim().length > 0,
    }),
};

export const useSmartProducts = () => useQuery(smartQueries.products());
export const useSmartPlans = (page: number, pageSize: number, enabled: boolean) =>
  useQuery({ ...smartQueries.plansPage(page, pageSize), enabled });

// ---------------------------------------------------------------- operators

export const useAdminReserve = () => useQuery(smartQueries.adminReserve());
export const useAdminSmartProducts = () => useQuery(smartQueries.adminProducts());
export const useAdminSmartUsers = (q: string) => useQuery(smartQueries.adminUsers(q));

/** A change the console made: its own list and the public figures customers see are asked again. */
function useSmartAdminMutation<V, R>(run: (v: V) => Promise<R>, keys: readonly (readonly unknown[])[], done?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      done?.();
      return Promise.all([...keys, smartKeys.products()].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    // refusals are shown beside the form that made them
    meta: { showsError: true },
  });
}

/** Proposing house money into or out of the reserve, with its client key (keyed.ts): the same form sent again proposes once. */
export function useProposeReserve() {
  const key = useClientKey();
  return useSmartAdminMutation(
    (v: Omit<FundReserveBody, 'clientKey'>) => smartAdminApi.propose({ ...v, clientKey: key.keyFor(v) }),
    [smartKeys.adminReserve()],
    key.used,
  );
}
/** confirm or reject another operator's proposal */
export const useDecideReserve = () =>
  useSmartAdminMutation(
    (v: { id: string; decision: 'confirm' | 'reject' }) => smartAdminApi[v.decision](v.id),
    [smartKeys.adminReserve()],
  );
export const useUpdateSmartProduct = () =>
  useSmartAdminMutation(
    (v: { id: string; body: UpdateSmartProductBody }) => smartAdminApi.updateProduct(v.id, v.body),
    [smartKeys.adminProducts(), smartKeys.adminReserve()],
  );
export const useSetSmartEnabled = () =>
  useSmartAdminMutation(
    (v: { id: string; smartEnabled: boolean }) => smartAdminApi.setUser(v.id, v.smartEnabled),
    [smartKeys.adminUsersAll()],
  );
