import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoanStatus } from '../../contract/loans.ts';
import { loansAdminApi, loansApi } from '../loansApi.ts';
import { walletKeys } from './wallet.ts';

/**
 * Loan reads. The terms carry the agreement in the app's language, so their key names it; the
 * loans are the real book's whatever book is selected. The user-events actor invalidates them on
 * `loan.*` events (invalidation.ts): an approval, an accrual's effect on the LTV, a liquidation
 * shows without a reload.
 */
export const loanKeys = {
  all: ['loans'] as const,
  terms: (language: string) => ['loans', 'terms', language] as const,
  list: () => ['loans', 'list'] as const,
  detail: (id: string) => ['loans', 'detail', id] as const,
  adminAll: ['admin', 'loans'] as const,
  adminList: (status: string) => ['admin', 'loans', 'list', status] as const,
  adminDetail: (id: string) => ['admin', 'loans', 'detail', id] as const,
  adminSignature: (id: string) => ['admin', 'loans', 'signature', id] as const,
};

export function useLoanTerms(language: string) {
  return useQuery({ queryKey: loanKeys.terms(language), queryFn: ({ signal }) => loansApi.terms(signal), staleTime: 5 * 60_000 });
}

/** The user's loans, newest first; refreshed every 30 s for the accrued interest besides the events. */
export function useMyLoans(enabled: boolean) {
  return useQuery({ queryKey: loanKeys.list(), queryFn: ({ signal }) => loansApi.list({ pageNum: 1, pageSize: 50 }, signal), enabled, refetchInterval: 30_000 });
}

export function useLoanDetail(id: string | null) {
  return useQuery({ queryKey: loanKeys.detail(id ?? ''), queryFn: ({ signal }) => loansApi.detail(id!, signal), enabled: id !== null });
}

/** After a loan call: the loans and the real balances are asked again. */
export function useLoanChanged() {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: loanKeys.all }),
    client.invalidateQueries({ queryKey: walletKeys.balances('real') }),
  ]);
}

// ---------------------------------------------------------------- operators

export function useAdminLoans(status: LoanStatus | '') {
  return useQuery({ queryKey: loanKeys.adminList(status), queryFn: ({ signal }) => loansAdminApi.list({ pageNum: 1, pageSize: 50, ...(status ? { status } : {}) }, signal) });
}

export function useAdminLoan(id: string | null) {
  return useQuery({ queryKey: loanKeys.adminDetail(id ?? ''), queryFn: ({ signal }) => loansAdminApi.detail(id!, signal), enabled: id !== null });
}

export function useLoanSignature(id: string) {
  return useQuery({ queryKey: loanKeys.adminSignature(id), queryFn: ({ signal }) => loansAdminApi.signature(id, signal), gcTime: 0 });
}

export function useLoanDecision() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: loanKeys.adminAll });
  return {
    approve: useMutation({ mutationFn: (id: string) => loansAdminApi.approve(id), onSettled: done }),
    reject: useMutation({ mutationFn: (v: { id: string; reason: string }) => loansAdminApi.reject(v.id, v.reason), onSettled: done }),
  };
}

/** A failed call as the screens show it: the catalogue code (null for network trouble) and its text in the user's language. */
export function refusalOf(e: unknown, fallback: string): { code: number | null; text: string } {
  const err = e as { code?: number | null; message?: string } | null;
  return { code: err?.code ?? null, text: err?.message || fallback };
}
