import { BOOKS, type Book } from '../../contract/constants.ts';

/**
 * The address of an order's receipt. It carries the order's book, so a link from a notification
 * or a list opens the order whatever book is selected when it is followed (an order belongs to
 * one book; the service answers an order only in its own book).
 */
export function orderHref(id: string, book: unknown): string {
  return isBook(book) ? `/profile/orders/${id}?book=${book}` : `/profile/orders/${id}`;
}

export const isBook = (v: unknown): v is Book => typeof v === 'string' && (BOOKS as readonly string[]).includes(v);
