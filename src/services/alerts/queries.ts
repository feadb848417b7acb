import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsApi } from './api.ts';

/** Alerts are the user's whatever the book ('alerts', code | 'all'). */
const alerts = ['alerts'] as const;
export const alertKeys = {
  all: alerts,
  list: (code: string | undefined) => [...alerts, code ?? 'all'] as const,
};

export const alertQueries = {
  list: (code: string | undefined) =>
    queryOptions({ queryKey: alertKeys.list(code), queryFn: ({ signal }) => alertsApi.list(code, signal) }),
};

export const useAlerts = (code?: string, enabled = true) => useQuery({ ...alertQueries.list(code), enabled });

/** Deleting an alert: every alert list is asked again. */
export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => alertsApi.remove(id),
    onSettled: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
