import type { Book } from '../../contract/constants.ts';

/**
 * The root of the trading keys and the roots an order changes, apart from the query options and
 * hooks (queries/trading.ts, which grows the whole key factory from these) so that
 * invalidation.ts, which the home page loads, does not pull the trading API and its contract into
 * the entry chunk. Every key is ['trading', book, what, language, ...].
 */
const trading = ['trading'] as const;
export const tradingKeys = {
  all: trading,
  book: (book: Book) => [...trading, book] as const,
  /** every list page of a book (any language, filter), pending entry orders included */
  ordersRoot: (book: Book) => [...trading, book, 'orders'] as const,
  /** every single-order read of a book */
  orderRoot: (book: Book) => [...trading, book, 'order'] as const,
};

/** What opening or closing a position of `book` changes in the trading cache. */
export const orderKeysOf = (book: Book) => [tradingKeys.ordersRoot(book), tradingKeys.orderRoot(book)];
