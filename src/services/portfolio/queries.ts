import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '../../contract/constants.ts';
import type { HistoryDays } from '../../contract/portfolio.ts';
import { portfolioApi } from './api.ts';
import { useBook } from '../platform/queries/scope.ts';

/**
 * The portfolio is per book ('portfolio', book, ...) and asks again every 15 s while shown, so its
 * positions follow the prices without a reload.
 */
const portfolio = ['portfolio'] as const;
export const portfolioKeys = {
  all: portfolio,
  summary: (book: Book) => [...portfolio, book, 'summary'] as const,
  history: (book: Book, days: number) => [...portfolio, book, 'history', days] as const,
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

export const usePortfolio = () => useQuery(portfolioQueries.summary(useBook()));
export const useEquityHistory = (days: HistoryDays) => useQuery(portfolioQueries.history(useBook(), days));
