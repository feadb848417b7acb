import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../authApi.ts';
import { walletApi } from '../walletApi.ts';
import { keepPreviousWithin } from './scope.ts';
import { accountKeys } from './keys.ts';

/**
 * The user's notifications (the bell). Their text is composed on screen from kind and
 * parameters (userEventText), so the answer depends on neither language nor book. The bell's
 * unread count itself is kept by the user-events actor.
 */
export { accountKeys } from './keys.ts';

export function useNotifications(page: number, pageSize: number) {
  const queryKey = accountKeys.notificationsPage(page, pageSize);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => walletApi.notifications({ pageNum: page, pageSize }, signal),
    placeholderData: keepPreviousWithin(queryKey, 2),
  });
}

/** Marks some notifications (or all: `ids` null) read; the answer carries the new unread count. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[] | null) => (ids ? walletApi.read([...ids]) : walletApi.readAll()),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.notifications() }),
  });
}

/** The account's signed-in devices (idle ones drop out by themselves on the server). */
export function useSessions() {
  return useQuery({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => authApi.sessions(signal) });
}

/** When operators opened the user's documents and why (never who), newest first. */
export function useDocumentAccess(page: number) {
  return useQuery({ queryKey: accountKeys.documentAccess(page), queryFn: ({ signal }) => authApi.documentAccess(page, signal) });
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
