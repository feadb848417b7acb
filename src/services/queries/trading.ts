import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book } from '../../contract/constants.ts';
import { Err } from '../../contract/errors.ts';
import { ApiError } from '../api.ts';
import { tradingApi } from '../tradingApi.ts';
import { walletApi } from '../walletApi.ts';
import { orderKeysOf, tradingKeys, type OrdersFilter } from './tradingKeys.ts';
import { walletKeys } from './wallet.ts';
import { keepPreviousWithin, useBook, useLanguage } from './scope.ts';

/**
 * Trading reads. Every key is ['trading', book, what, language, ...]: orders belong to a book,
 * and the service's answers may carry translated text, so switching either shows that scope's
 * own cached answer. Products do not depend on the book, but one key shape means one rule: an
 * order event (order.opened / order.closed, invalidation.ts) or the user's own open and close
 * invalidates the book's 'orders' and 'order' roots and its balances.
 */
export { orderKeysOf, tradingKeys, type OrdersFilter } from './tradingKeys.ts';

/** The book's loss rate over the last 90 days, shown before confirming an order (the service keeps it a minute). */
export function useOptionsRisk(book: Book) {
  return useQuery({ queryKey: tradingKeys.risk(book), queryFn: ({ signal }) => tradingApi.risk(book, signal), staleTime: 60_000 });
}

/** The options product of an instrument (rules, choices, tradable now); nothing is asked for an empty code. */
export function useOptionsProduct(code: string) {
  const book = useBook();
  const lang = useLanguage();
  return useQuery({ queryKey: tradingKeys.product(book, lang, code), queryFn: ({ signal }) => tradingApi.product(code, signal), enabled: code !== '', staleTime: 30_000 });
}

/** One page of the user's orders of the selected book (open or closed, optionally one instrument). */
export function useOrders(f: OrdersFilter, enabled = true) {
  const book = useBook();
  const lang = useLanguage();
  const queryKey = tradingKeys.orders(book, lang, f);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => tradingApi.orders({ book }, { status: f.status, code: f.code || undefined, pageNum: f.page, pageSize: f.pageSize }, signal),
    placeholderData: keepPreviousWithin(queryKey, 4),
    enabled,
  });
}

/**
 * One order with its receipt, whatever book is selected: an order belongs to one book and the
 * service answers it only there. A link names the order's book (`of`); a link that does not (an
 * address typed or kept from before) asks the selected book first and then the other one.
 */
export function useOrder(id: string, of: Book | null = null) {
  const selected = useBook();
  const book = of ?? selected;
  const lang = useLanguage();
  return useQuery({
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
  });
}

/** One page of the selected book's pending entry orders. */
export function usePendingOrders(page: number, pageSize: number, enabled = true) {
  const book = useBook();
  const lang = useLanguage();
  return useQuery({ queryKey: tradingKeys.pending(book, lang, page), queryFn: ({ signal }) => tradingApi.pendingOrders({ book }, page, pageSize, signal), enabled });
}

/** Asks again for the book's orders (after a change the screen made itself, such as new stops). */
export function useOrdersRefresh() {
  const client = useQueryClient();
  return (book: Book) => Promise.all(orderKeysOf(book).map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Operator console: open exposure per instrument of a book. */
export function useExposure(book: Book) {
  return useQuery({ queryKey: tradingKeys.exposure(book), queryFn: ({ signal }) => tradingApi.exposure(book, signal) });
}

/**
 * USDT available in the selected book (what margin + fee is paid from), from the same cached
 * balances answer as the wallet screens, so an order event that invalidates it updates both.
 * Nothing is asked while logged out.
 */
export function useAvailableUsdt(enabled: boolean) {
  const book = useBook();
  return useQuery({
    queryKey: walletKeys.balances(book),
    queryFn: ({ signal }) => walletApi.balances({ book }, signal),
    select: (b) => b.assets.find((a) => a.asset === 'USDT')?.available ?? '0',
    enabled,
  });
}
