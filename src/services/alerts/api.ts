import {
  ALERT_PATHS,
  type CreateAlertBody,
  type PriceAlertList,
  type PriceAlertWire,
  type UpdateAlertBody,
} from '../../contract/alerts.ts';
import type { Book } from '../../contract/constants.ts';
import type { EquityHistory, HistoryDays, Portfolio } from '../../contract/portfolio.ts';
import { PORTFOLIO_PATHS } from '../../contract/portfolio.ts';
import { call } from '../platform/api.ts';

/** Price alerts (they belong to the user, not a book) and the portfolio of a book. */
export const alertsApi = {
  list: (code: string | undefined, signal?: AbortSignal) =>
    call<PriceAlertList>(ALERT_PATHS.list, { query: code ? { code } : {}, signal }),
  create: (body: CreateAlertBody, signal?: AbortSignal) =>
    call<PriceAlertWire>(ALERT_PATHS.create, { method: 'POST', body, signal }),
  update: (body: UpdateAlertBody, signal?: AbortSignal) =>
    call<PriceAlertWire>(ALERT_PATHS.update, { method: 'POST', body, signal }),
  remove: (id: string, signal?: AbortSignal) => call<null>(ALERT_PATHS.remove, { method: 'POST', body: { id }, signal }),
};

export const portfolioApi = {
  summary: (book: Book, signal?: AbortSignal) =>
    call<Portfolio>(PORTFOLIO_PATHS.summary, { query: { book }, signal, scope: { book } }),
  history: (book: Book, days: HistoryDays, signal?: AbortSignal) =>
    call<EquityHistory>(PORTFOLIO_PATHS.history, { query: { book, days }, signal, scope: { book } }),
};
