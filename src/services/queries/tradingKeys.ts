import type { Book, Language } from '../../contract/constants.ts';
import type { OptionsOrderStatus } from '../../machines/optionsOrder.ts';

/**
 * The trading query keys, apart from the hooks (queries/trading.ts) so that invalidation.ts, which
 * the home page loads, does not pull the trading API and its contract into the entry chunk.
 * Every key is ['trading', book, what, language, ...].
 */
export type OrdersFilter = { status: OptionsOrderStatus; code?: string; page: number; pageSize: number };

export const tradingKeys = {
  all: ['trading'] as const,
  book: (book: Book) => ['trading', book] as const,
  product: (book: Book, lang: Language, code: string) => ['trading', book, 'product', lang, code] as const,
  /** every list page of a book (any language, filter) */
  ordersRoot: (book: Book) => ['trading', book, 'orders'] as const,
  orders: (book: Book, lang: Language, f: OrdersFilter) => ['trading', book, 'orders', lang, f] as const,
  /** the book's pending entry orders (under the orders root: whatever refreshes orders refreshes them) */
  pending: (book: Book, lang: Language, page: number) => ['trading', book, 'orders', lang, 'pending', page] as const,
  /** every single-order read of a book */
  orderRoot: (book: Book) => ['trading', book, 'order'] as const,
  order: (book: Book, lang: Language, id: string) => ['trading', book, 'order', lang, id] as const,
  exposure: (book: Book) => ['trading', 'admin', 'exposure', book] as const,
  /** the book's loss rate over 90 days (numbers only: the text is made in the app) */
  risk: (book: Book) => ['trading', book, 'risk'] as const,
};

/** What opening or closing a position of `book` changes in the trading cache. */
export const orderKeysOf = (book: Book) => [tradingKeys.ordersRoot(book), tradingKeys.orderRoot(book)];

