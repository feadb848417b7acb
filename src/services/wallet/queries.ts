import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Asset, Book } from '../../contract/constants.ts';
import type { Balances } from '../../contract/wallet.ts';
import { walletApi } from './api.ts';
import { keepPreviousWithin, useBook } from '../platform/queries/scope.ts';
import { walletKeys as eventKeys } from '../platform/queries/keys.ts';

/**
 * Wallet reads of a book. Every key starts with ['wallet', book] (grown from keys.ts), so
 * switching the book shows that book's cached answer (or asks), and the user-events actor
 * invalidates exactly what an event changed (invalidation.ts). Deposits, withdrawals, deposit
 * addresses and withdrawal methods exist for the real book only (the demo book is refused with
 * 10033).
 */
export const walletKeys = {
  ...eventKeys,
  depositsPage: (book: Book, page: number, pageSize: number) => [...eventKeys.deposits(book), { page, pageSize }] as const,
  withdrawalsPage: (book: Book, page: number, pageSize: number) => [...eventKeys.withdrawals(book), { page, pageSize }] as const,
  statementPage: (book: Book, page: number, pageSize: number) => [...eventKeys.statement(book), { page, pageSize }] as const,
  statementEventsPage: (book: Book, page: number, pageSize: number) =>
    [...eventKeys.statement(book), 'events', { page, pageSize }] as const,
  depositAddresses: (book: Book) => [...eventKeys.book(book), 'depositAddresses'] as const,
};

type PageQuery = { pageNum: number; pageSize: number };
const page = <T>(queryKey: readonly unknown[], load: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => load(signal), placeholderData: keepPreviousWithin(queryKey, 3) });
const pageOf = (page: number, pageSize: number): PageQuery => ({ pageNum: page, pageSize });

export const walletQueries = {
  /** The one balances query: per asset, valued in USDT. Every screen that shows or checks a balance reads it. */
  balances: (book: Book) =>
    queryOptions({ queryKey: walletKeys.balances(book), queryFn: ({ signal }) => walletApi.balances({ book }, signal) }),
  depositAddresses: (book: Book) =>
    queryOptions({
      queryKey: walletKeys.depositAddresses(book),
      queryFn: ({ signal }) => walletApi.depositAddresses({ book }, signal),
    }),
  withdrawalMethods: (book: Book) =>
    queryOptions({
      queryKey: walletKeys.withdrawalMethods(book),
      queryFn: ({ signal }) => walletApi.withdrawalMethods({ book }, signal),
    }),
  // paged lists: the previous page stays on screen while the next loads (within the same book)
  depositsPage: (book: Book, p: number, size: number) =>
    page(walletKeys.depositsPage(book, p, size), (signal) => walletApi.deposits({ book }, pageOf(p, size), signal)),
  withdrawalsPage: (book: Book, p: number, size: number) =>
    page(walletKeys.withdrawalsPage(book, p, size), (signal) => walletApi.withdrawals({ book }, pageOf(p, size), signal)),
  statementPage: (book: Book, p: number, size: number) =>
    page(walletKeys.statementPage(book, p, size), (signal) => walletApi.statement({ book }, pageOf(p, size), signal)),
  statementEventsPage: (book: Book, p: number, size: number) =>
    page(walletKeys.statementEventsPage(book, p, size), (signal) => walletApi.statementEvents({ book }, pageOf(p, size), signal)),
};

/** What is available of `asset` in a balances answer ('0' when the book holds none). */
export const availableOf = (b: Balances, asset: Asset): string => b.assets.find((a) => a.asset === asset)?.available ?? '0';

/** Balances of `book` (the selected one when absent); nothing is asked while `enabled` is false. */
export function useBalances(book?: Book, enabled = true) {
  const selected = useBook();
  return useQuery({ ...walletQueries.balances(book ?? selected), enabled });
}

/**
 * What is available of one asset in `book` (the selected one when absent), from the same cached
 * balances answer as the wallet screens, so an event that invalidates it updates both.
 */
export function useAvailable(asset: Asset, enabled = true, book?: Book) {
  const selected = useBook();
  return useQuery({ ...walletQueries.balances(book ?? selected), select: (b) => availableOf(b, asset), enabled });
}

/** Receive addresses per coin and network (real book). */
export const useDepositAddresses = () => useQuery(walletQueries.depositAddresses(useBook()));

/** Withdrawal methods with what is available, the minimum and the fee rate (real book). */
export const useWithdrawalMethods = () => useQuery(walletQueries.withdrawalMethods(useBook()));

export const useDepositRecords = (p: number, size: number) => useQuery(walletQueries.depositsPage(useBook(), p, size));
export const useWithdrawalRecords = (p: number, size: number) => useQuery(walletQueries.withdrawalsPage(useBook(), p, size));

/** The statement of the selected book one event a row (docs/ledger.md, "Statement"). */
export const useStatementEvents = (p: number, size: number) => useQuery(walletQueries.statementEventsPage(useBook(), p, size));

/** The statement of the selected book as CSV (a Blob the screen saves). */
export function useStatementCsv() {
  const book = useBook();
  return useMutation({ mutationFn: () => walletApi.statementCsv({ book }, {}) });
}

/** Demo book back to its grant: everything of the demo book is asked again. */
export function useResetDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => walletApi.resetDemo(),
    onSuccess: () => client.invalidateQueries({ queryKey: walletKeys.book('demo') }),
  });
}
