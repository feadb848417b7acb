import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book, Language } from '../../contract/constants.ts';
import type { OptionsOrderStatus } from '../../machines/trading/optionsOrder.ts';
import { Err } from '../../contract/errors.ts';
import { ApiError } from '../platform/api.ts';
import { tradingApi } from './api.ts';
import { tradingKeys as roots } from './keys.ts';
import { keepPreviousWithin, useBook, useLanguage } from '../platform/queries/scope.ts';

/**
 * Trading reads. Every key is ['trading', book, what, language, ...] (tradingKeys.ts): orders
 * belong to a book, and the service's answers may carry translated text, so switching either
 * shows that scope's own cached answer. Products do not depend on the book, but one key shape
 * means one rule: an order event (order.opened / order.closed, invalidation.ts) or the user's own
 * open, close or new stops (flows/tradingFlows.ts) invalidates the book's 'orders' and 'order'
 * roots and its balances. What is available to trade with is the wallet's one balances query
 * (wallet.ts `useAvailable`).
 */
export { orderKeysOf } from './keys.ts';

export type OrdersFilter = { status: OptionsOrderStatus; code?: string; page: number; pageSize: number };

export const tradingKeys = {
  ...roots,
  product: (book: Book, lang: Language, code: string) => [...roots.book(book), 'product', lang, code] as const,
  orders: (book: Book, lang: Language, f: OrdersFilter) => [...roots.ordersRoot(book), lang, f] as const,
  /** the book's pending entry orders (under the orders root: whatever refreshes orders refreshes them) */
  pending: (book: Book, lang: Language, page: number) => [...roots.ordersRoot(book), lang, 'pending', page] as const,
  order: (book: Book, lang: Language, id: string) => [...roots.orderRoot(book), lang, id] as const,
  /** the operator's exposure (under the trading root, beside the books) */
  exposure: (book: Book) => [...roots.all, 'admin', 'exposure', book] as const,
  /** the book's loss rate over 90 days (numbers only: the text is made in the app) */
  risk: (book: Book) => [...roots.book(book), 'risk'] as const,
};

export const tradingQueries = {
  /** the book's loss rate over the last 90 days, shown before confirming an order (the service keeps it a minute) */
  risk: (book: Book) =>
    queryOptions({ queryKey: tradingKeys.risk(book), queryFn: ({ signal }) => tradingApi.risk(book, signal), staleTime: 60_000 }),
  /** the options product of an instrument (rules, choices, tradable now); nothing is asked for an empty code */
  product: (book: Book, lang: Language, code: string) =>
    queryOptions({
      queryKey: tradingKeys.product(book, lang, code),
      queryFn: ({ signal }) => tradingApi.product(code, signal),
      enabled: code !== '',
      staleTime: 30_000,
    }),
  /** one page of the user's orders of a book (open or closed, optionally one instrument) */
  orders: (book: Book, lang: Language, f: OrdersFilter) => {
    const queryKey = tradingKeys.orders(book, lang, f);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) =>
        tradingApi.orders(
          { book },
          { status: f.status, code: f.code || undefined, pageNum: f.page, pageSize: f.pageSize },
          signal,
        ),
      placeholderData: keepPreviousWithin(queryKey, 4),
    });
  },
  /**
   * One order with its receipt, whatever book is selected: an order belongs to one book and the
   * service answers it only there. A link names the order's book (`of`); a link that does not (an
   * address typed or kept from before) asks `book` first and then the other one.
   */
  order: (book: Book, lang: Language, id: string, of: Book | null) =>
    queryOptions({
      queryKey: tradingKeys.order(book, lang, id),
      queryFn: async ({ signal }) => {
        try {
          return await tradingApi.order({ book }, id, signal);
        } catch (e) {
          if (of !== null || !(e instanceof ApiError) || e.code !== Err.RECORD_NOT_FOUND) throw e;
          return tradingApi.order({ book: book === 'demo' ? 'real' : 'demo' }, id, signal);
        }
      },
      enabled: id !== '',
    }),
  /** one page of a book's pending entry orders */
  pending: (book: Book, lang: Language, page: number, pageSize: number) =>
    queryOptions({
      queryKey: tradingKeys.pending(book, lang, page),
      queryFn: ({ signal }) => tradingApi.pendingOrders({ book }, page, pageSize, signal),
    }),
  /** operator console: open exposure per instrument of a book */
  exposure: (book: Book) =>
    queryOptions({ queryKey: tradingKeys.exposure(book), queryFn: ({ signal }) => tradingApi.exposure(book, signal) }),
};

export const useOptionsRisk = (book: Book) => useQuery(tradingQueries.risk(book));
export const useOptionsProduct = (code: string) => useQuery(tradingQueries.product(useBook(), useLanguage(), code));
export const useOrders = (f: OrdersFilter, enabled = true) =>
  useQuery({ ...tradingQueries.orders(useBook(), useLanguage(), f), enabled });

export function useOrder(id: string, of: Book | null = null) {
  const selected = useBook();
  return useQuery(tradingQueries.order(of ?? selected, useLanguage(), id, of));
}

export const usePendingOrders = (page: number, pageSize: number, enabled = true) =>
  useQuery({ ...tradingQueries.pending(useBook(), useLanguage(), page, pageSize), enabled });
export const useExposure = (book: Book) => useQuery(tradingQueries.exposure(book));
