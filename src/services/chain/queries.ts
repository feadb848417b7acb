import { queryOptions, useQuery } from '@tanstack/react-query';
import { chainKeys as eventKeys } from '../platform/queries/keys.ts';
import { keepPreviousWithin } from '../platform/queries/scope.ts';
import { chainAdminApi, chainApi } from './api.ts';

/**
 * Chain reads, every key under 'chain' (grown from keys.ts). Nothing polls: the chain's user events
 * invalidate the deposits list (invalidation.ts), so "confirming k/N" moves as the watcher tells it.
 * The operators' view lives under ['chain', 'admin'].
 */
const chain = eventKeys.all;
export const chainKeys = {
  ...eventKeys,
  addresses: () => [...chain, 'addresses'] as const,
  depositsPage: (page: number, pageSize: number) => [...eventKeys.deposits(), { page, pageSize }] as const,
  admin: () => [...chain, 'admin'] as const,
  networks: () => [...chain, 'admin', 'networks'] as const,
  incidents: (page: number) => [...chain, 'admin', 'incidents', page] as const,
  sweeps: (before: string | undefined) => [...chain, 'admin', 'sweeps', before ?? 'first'] as const,
};

export const chainQueries = {
  /** the customer's own address per watched coin and network (empty when nothing is watched) */
  addresses: () => queryOptions({ queryKey: chainKeys.addresses(), queryFn: ({ signal }) => chainApi.addresses(signal) }),
  depositsPage: (page: number, pageSize: number) => {
    const queryKey = chainKeys.depositsPage(page, pageSize);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => chainApi.deposits({ pageNum: page, pageSize }, signal),
      placeholderData: keepPreviousWithin(queryKey, 2),
    });
  },
  networks: () => queryOptions({ queryKey: chainKeys.networks(), queryFn: ({ signal }) => chainAdminApi.networks(signal) }),
  incidents: (page: number) =>
    queryOptions({
      queryKey: chainKeys.incidents(page),
      queryFn: ({ signal }) => chainAdminApi.incidents({ pageNum: page, pageSize: 20 }, signal),
    }),
  /** sweeps, newest first, a page of 20 before an id (keyset) */
  sweeps: (before: string | undefined) =>
    queryOptions({
      queryKey: chainKeys.sweeps(before),
      queryFn: ({ signal }) => chainAdminApi.sweeps({ before, limit: 20 }, signal),
    }),
};

export const useChainAddresses = (enabled = true) => useQuery({ ...chainQueries.addresses(), enabled });
export const useChainDeposits = (page: number, pageSize: number) => useQuery(chainQueries.depositsPage(page, pageSize));
export const useChainNetworks = () => useQuery(chainQueries.networks());
export const useChainIncidents = (page: number) => useQuery(chainQueries.incidents(page));
export const useChainSweeps = (before: string | undefined) => useQuery(chainQueries.sweeps(before));
