import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryDays } from '../../contract/portfolio.ts';
import { alertsApi, portfolioApi } from '../alertsApi.ts';
import { useBook } from './scope.ts';

/**
 * Alerts and portfolio reads. Alerts are the user's whatever the book ('alerts', code | 'all');
 * the portfolio is per book ('portfolio', book, ...) and asks again every 15 s while shown, so
 * its positions follow the prices without a reload.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (code: string | undefined) => ['alerts', code ?? 'all'] as const,
};
export const portfolioKeys = {
  summary: (book: string) => ['portfolio', book, 'summary'] as const,
  history: (book: string, days: number) => ['portfolio', book, 'history', days] as const,
};

export function useAlerts(code?: string, enabled = true) {
  return useQuery({ queryKey: alertKeys.list(code), queryFn: ({ signal }) => alertsApi.list(code, signal), enabled });
}

/** Asks every alert list again (after a save, a deletion, or a fired alert). */
export function useAlertsRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: alertKeys.all });
}

export function useDeleteAlert() {
  const refresh = useAlertsRefresh();
  return useMutation({ mutationFn: (id: string) => alertsApi.remove(id), onSettled: () => refresh() });
}

export function usePortfolio() {
  const book = useBook();
  return useQuery({ queryKey: portfolioKeys.summary(book), queryFn: ({ signal }) => portfolioApi.summary(book, signal), refetchInterval: 15_000 });
}

export function useEquityHistory(days: HistoryDays) {
  const book = useBook();
  return useQuery({ queryKey: portfolioKeys.history(book, days), queryFn: ({ signal }) => portfolioApi.history(book, days, signal) });
}
