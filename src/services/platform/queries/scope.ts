import { useSelector } from '@xstate/store-react';
import type { QueryKey } from '@tanstack/react-query';
import type { Book, Language } from '../../../contract/constants.ts';
import { settings } from '../settings.ts';

/**
 * What a query's answer may depend on besides its own parameters: the book (`virtually` header)
 * and the language (`lang` header). Both come from the settings store, the same place the HTTP
 * client reads them, and go into the key of every query whose answer depends on them.
 */
export const useBook = (): Book => useSelector(settings, (s) => s.context.book);
export const useLanguage = (): Language => useSelector(settings, (s) => s.context.language);

/**
 * placeholderData for paged lists: while the next page of `key` loads, the previous page stays
 * on screen, but only if it was for the same scope (the first `prefix` parts of the key: domain,
 * book or language). After a book or language switch the list shows its loading state instead of
 * the other book's rows.
 */
export const keepPreviousWithin =
  (key: QueryKey, prefix: number) =>
  <T>(previous: T | undefined, previousQuery: { queryKey: QueryKey } | undefined): T | undefined =>
    previousQuery && previousQuery.queryKey.slice(0, prefix).every((part, i) => part === key[i]) ? previous : undefined;
