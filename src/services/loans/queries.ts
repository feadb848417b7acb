import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminLoan, AdminLoanDetail, AdminLoanQuery, CollateralAsset, LoanStatus } from '../../contract/loans.ts';
import { loansAdminApi, loansApi } from './api.ts';
import { adminKeys } from '../platform/queries/keys.ts';
import { queueQuery, type ReviewQueueFilter } from '../platform/queries/reviewQueue.ts';
import { keepPreviousWithin } from '../platform/queries/scope.ts';

/** The loans queue as the console asks for it: status, customer, collateral coin, amount, age, sort, keyset pages. */
export type AdminLoanFilter = ReviewQueueFilter<LoanStatus, { coin?: CollateralAsset }>;

/**
 * Loan reads. The terms carry the agreement in the app's language, so their key names it; the
 * loans are the real book's whatever book is selected. The user-events actor invalidates them on
 * `loan.*` events (invalidation.ts), the loan flows after the user's own application or
 * repayment (flows/loanFlows.ts): an approval, an accrual's effect on the LTV, a liquidation
 * shows without a reload.
 */
const loans = ['loans'] as const;
export const loanKeys = {
  all: loans,
  terms: (language: string) => [...loans, 'terms', language] as const,
  list: () => [...loans, 'list'] as const,
  detail: (id: string) => [...loans, 'detail', id] as const,
  adminAll: [...adminKeys.all, 'loans'] as const,
  adminList: (f: AdminLoanFilter) => [...adminKeys.all, 'loans', 'list', f] as const,
  adminDetail: (id: string) => [...adminKeys.all, 'loans', 'detail', id] as const,
  adminSignature: (id: string) => [...adminKeys.all, 'loans', 'signature', id] as const,
};

export const loanQueries = {
  /** the terms with the agreement in `language` (the same for everyone) */
  terms: (language: string) =>
    queryOptions({ queryKey: loanKeys.terms(language), queryFn: ({ signal }) => loansApi.terms(signal), staleTime: 5 * 60_000 }),
  /** the user's loans, newest first; refreshed every 30 s for the accrued interest besides the events */
  list: () =>
    queryOptions({
      queryKey: loanKeys.list(),
      queryFn: ({ signal }) => loansApi.list({ pageNum: 1, pageSize: 50 }, signal),
      refetchInterval: 30_000,
    }),
  detail: (id: string) => queryOptions({ queryKey: loanKeys.detail(id), queryFn: ({ signal }) => loansApi.detail(id, signal) }),
  adminList: (f: AdminLoanFilter) => {
    const queryKey = loanKeys.adminList(f);
    return queryOptions({
      queryKey,
      // by age unless by amount, never unsorted: the queue's pages go by cursor
      queryFn: ({ signal }) => loansAdminApi.list(queueQuery({ ...f, sort: f.sort ?? 'age' }) as AdminLoanQuery, signal),
      placeholderData: keepPreviousWithin(queryKey, 2),
    });
  },
  adminDetail: (id: string) =>
    queryOptions({ queryKey: loanKeys.adminDetail(id), queryFn: ({ signal }) => loansAdminApi.detail(id, signal) }),
  adminSignature: (id: string) =>
    queryOptions({
      queryKey: loanKeys.adminSignature(id),
      queryFn: ({ signal }) => loansAdminApi.signature(id, signal),
      gcTime: 0,
    }),
};

export const useLoanTerms = (language: string) => useQuery(loanQueries.terms(language));
export const useMyLoans = (enabled: boolean) => useQuery({ ...loanQueries.list(), enabled });
export const useLoanDetail = (id: string | null) => useQuery({ ...loanQueries.detail(id ?? ''), enabled: id !== null });

// ---------------------------------------------------------------- operators

export const useAdminLoans = (f: AdminLoanFilter) => useQuery(loanQueries.adminList(f));
export const useAdminLoan = (id: string | null) => useQuery({ ...loanQueries.adminDetail(id ?? ''), enabled: id !== null });
export const useLoanSignature = (id: string) => useQuery(loanQueries.adminSignature(id));

export function useLoanDecision() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: loanKeys.adminAll });
  return {
    approve: useMutation({ mutationFn: (id: string) => loansAdminApi.approve(id), onSettled: done }),
    reject: useMutation({
      mutationFn: (v: { id: string; reason: string }) => loansAdminApi.reject(v.id, v.reason),
      onSettled: done,
    }),
  };
}

/**
 * An operator decided a loan from the queue (src/services/admin/reviewFlow.ts): the loan as the
 * service returned it replaces its row in every cached list and its open detail; the lists are asked
 * for again (a final approval starts the loan, a first one names its approver).
 */
export function loanReviewed(client: QueryClient, detail: AdminLoanDetail): void {
  const loan = detail.loan;
  client.setQueriesData<{ rows: AdminLoan[]; total: number }>({ queryKey: [...loanKeys.adminAll, 'list'] }, (p) =>
    p && 'rows' in p ? { ...p, rows: p.rows.map((x) => (x.id === loan.id ? loan : x)) } : p,
  );
  client.setQueryData(loanKeys.adminDetail(loan.id), { loan, accruals: detail.accruals, movements: detail.movements });
  void client.invalidateQueries({ queryKey: loanKeys.adminAll });
}

/** A failed call as the screens show it: the catalogue code (null for network trouble) and its text in the user's language. */
export function refusalOf(e: unknown, fallback: string): { code: number | null; text: string } {
  const err = e as { code?: number | null; message?: string } | null;
  return { code: err?.code ?? null, text: err?.message || fallback };
}
