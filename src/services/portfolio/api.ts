import type { Book } from '../../contract/constants.ts';
import type { EquityHistory, HistoryDays, Portfolio } from '../../contract/portfolio.ts';
import { PORTFOLIO_PATHS } from '../../contract/portfolio.ts';
import { call } from '../platform/api.ts';

/** The portfolio of a book: what it holds now, and its equity day by day. */
export const portfolioApi = {
  summary: (book: Book, signal?: AbortSignal) =>
    call<Portfolio>(PORTFOLIO_PATHS.summary, { query: { book }, signal, scope: { book } }),
  history: (book: Book, days: HistoryDays, signal?: AbortSignal) =>
    call<EquityHistory>(PORTFOLIO_PATHS.history, { query: { book, days }, signal, scope: { book } }),
};
