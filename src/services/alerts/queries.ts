import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book } from '../../contract/constants.ts';
import type { HistoryDays } from '../../contract/portfolio.ts';
import { alertsApi, portfolioApi } from './api.ts';
import { useBook } from '../platform/queries/scope.ts';

/**
 * Alerts and portfolio reads. Alerts are the user's whatever the book ('alerts', code | 'all');
 * the portfolio is per book ('portfolio', book, ...) and asks again every 15 s while shown, so
 * its positions follow the prices without a reload.
 */
const alerts = ['alerts'] as const;
export const alertKeys = {
  all: alerts,
  list: (code: string | undefined) => [...alerts, code ?? 'all'] as const,
};
const portfolio = ['portfolio'] as const;
export const portfolioKeys = {
  all: portfolio,
  summary: (book: Book) => [...portfolio, book, 'summary'] as const,
  history: (book: Book, days: number) => [...portfolio, book, 'history', days] as const,
};

export const alertQueries = {
  list: (code: string | undefined) =>
    queryOptions({ queryKey: alertKeys.list(code), queryFn: ({ signal }) => alertsApi.list(code, signal) }),
};
export const portfolioQueries = {
  summary: (book: Book) =>
    queryOptions({
      queryKey: portfolioKeys.summary(book),
      queryFn: ({ signal }) => portfolioApi.summary(book, signal),
      refetchInterval: 15_000,
    }),
  history: (book: Book, days: HistoryDays) =>
    queryOptions({
      queryKey: portfolioKeys.history(book, days),
      queryFn: ({ signal }) => portfolioApi.history(book, days, signal),
    }),
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

export const usePortfolio = () => useQuery(portfolioQueries.summary(useBook()));
export const useEquityHistory = (days: HistoryDays) => useQuery(portfolioQueries.history(useBook(), days));
