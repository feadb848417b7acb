import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book } from '../../contract/constants.ts';
import { walletApi } from '../walletApi.ts';
import { keepPreviousWithin, useBook } from './scope.ts';
import { walletKeys } from './keys.ts';

/**
 * Wallet reads of the selected book. Every key starts with ['wallet', book], so switching the
 * book shows that book's cached answer (or asks), and the user-events actor invalidates exactly
 * what an event changed (invalidation.ts). Deposits, withdrawals, deposit addresses and
 * withdrawal methods exist for the real book only (the demo book is refused with 10033).
 */
export { walletKeys } from './keys.ts';

/** Balances of the selected book, per asset, valued in USDT. */
export function useBalances() {
  const book = useBook();
  return useQuery({ queryKey: walletKeys.balances(book), queryFn: ({ signal }) => walletApi.balances({ book }, signal) });
}

/** Receive addresses per coin and network (real book). */
export function useDepositAddresses() {
  const book = useBook();
  return useQuery({ queryKey: walletKeys.depositAddresses(book), queryFn: ({ signal }) => walletApi.depositAddresses({ book }, signal) });
}

/** Withdrawal methods with what is available, the minimum and the fee rate (real book). */
export function useWithdrawalMethods() {
  const book = useBook();
  return useQuery({ queryKey: walletKeys.withdrawalMethods(book), queryFn: ({ signal }) => walletApi.withdrawalMethods({ book }, signal) });
}

type PageQuery = { pageNum: number; pageSize: number };
type PagedList = 'deposits' | 'withdrawals' | 'statement';
const pageKeys = { deposits: walletKeys.depositsPage, withdrawals: walletKeys.withdrawalsPage, statement: walletKeys.statementPage };

/** One page of a wallet list of the selected book; the previous page stays while the next loads. */
function useBookPage<T>(list: PagedList, load: (scope: { book: Book }, q: PageQuery, signal: AbortSignal) => Promise<T>, page: number, pageSize: number) {
  const book = useBook();
  const queryKey = pageKeys[list](book, page, pageSize);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => load({ book }, { pageNum: page, pageSize }, signal),
    placeholderData: keepPreviousWithin(queryKey, 3),
  });
}

export const useDepositRecords = (page: number, pageSize: number) => useBookPage('deposits', walletApi.deposits, page, pageSize);
export const useWithdrawalRecords = (page: number, pageSize: number) => useBookPage('withdrawals', walletApi.withdrawals, page, pageSize);
/** The ledger statement of the selected book. */
export const useStatement = (page: number, pageSize: number) => useBookPage('statement', walletApi.statement, page, pageSize);

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
