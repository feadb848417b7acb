import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from './api.ts';
import { walletApi } from '../wallet/index.ts';
import { keepPreviousWithin } from '../platform/queries/scope.ts';
import { accountKeys as eventKeys } from '../platform/queries/keys.ts';

/**
 * The user's notifications (the bell), signed-in devices and document access. Notification texts
 * are composed on screen from kind and parameters (userEventText), so the answers depend on
 * neither language nor book. The bell's unread count itself is kept by the user-events actor.
 */
export const accountKeys = {
  ...eventKeys,
  notificationsPage: (page: number, pageSize: number) => [...eventKeys.notifications(), { page, pageSize }] as const,
  sessions: () => [...eventKeys.all, 'sessions'] as const,
  documentAccess: (page: number) => [...eventKeys.all, 'documentAccess', page] as const,
};

export const accountQueries = {
  notificationsPage: (page: number, pageSize: number) => {
    const queryKey = accountKeys.notificationsPage(page, pageSize);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => walletApi.notifications({ pageNum: page, pageSize }, signal),
      placeholderData: keepPreviousWithin(queryKey, 2),
    });
  },
  /** the account's signed-in devices (idle ones drop out by themselves on the server) */
  sessions: () => queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => authApi.sessions(signal) }),
  /** when operators opened the user's documents and why (never who), newest first */
  documentAccess: (page: number) =>
    queryOptions({ queryKey: accountKeys.documentAccess(page), queryFn: ({ signal }) => authApi.documentAccess(page, signal) }),
};

export const useNotifications = (page: number, pageSize: number) => useQuery(accountQueries.notificationsPage(page, pageSize));
export const useSessions = () => useQuery(accountQueries.sessions());
export const useDocumentAccess = (page: number) => useQuery(accountQueries.documentAccess(page));

/** Marks some notifications (or all: `ids` null) read; the answer carries the new unread count. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[] | null) => (ids ? walletApi.read([...ids]) : walletApi.readAll()),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.notifications() }),
  });
}

/** Ends one session; the list is asked for again. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authApi.endSession(id),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
    meta: { showsError: true },
  });
}
