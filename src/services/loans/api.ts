import { call, download } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the bundle that does not check bodies
import type {
  AdminLoanDetail,
  AdminLoanPage,
  AdminLoanQuery,
  CollateralAsset,
  Loan,
  LoanDetail,
  LoanPage,
  LoanStatus,
  LoanTerms,
} from '../../contract/loans.ts';

export type { AdminLoan, AdminLoanDetail, Loan, LoanDetail, LoanTerms } from '../../contract/loans.ts';

const U = '/swx/customer/user';
const A = '/admin-api/loans';
const id = (v: string) => encodeURIComponent(v);

export interface LoanValues {
  collateralAsset: CollateralAsset;
  amount: string;
  days: number;
  agreementVersion: string;
  fullName: string;
  /** the drawn signature as a PNG */
  signature: Blob;
}

/**
 * Loan calls (docs/loans.md). Loans hold real money only: reads go with the real book's header
 * whatever book is selected; applying and repaying go with the selected book, so the service
 * refuses them in demo mode (10033).
 */
export const loansApi = {
  /** public; the agreement comes in the request's language */
  terms: (signal?: AbortSignal) => call<LoanTerms>('/swx/customer/index/loanTerms', { signal }),
  list: (q: { pageNum: number; pageSize: number; status?: LoanStatus }, signal?: AbortSignal) =>
    call<LoanPage>(`${U}/listLoanRecord`, { query: q, signal, scope: { book: 'real' } }),
  detail: (loanId: string, signal?: AbortSignal) =>
    call<LoanDetail>(`${U}/loanDetail/${id(loanId)}`, { signal, scope: { book: 'real' } }),
  /** multipart: the fields and the signature image; `clientKey` makes a retry answer the first loan */
  submit: (v: LoanValues, clientKey: string, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('collateralAsset', v.collateralAsset);
    form.append('amount', v.amount.trim());
    form.append('days', String(v.days));
    form.append('agreementVersion', v.agreementVersion);
    form.append('fullName', v.fullName.trim());
    form.append('clientKey', clientKey);
    form.append('signature', v.signature, 'signature.png');
    return call<Loan>(`${U}/loan`, { method: 'POST', body: form, signal });
  },
  repay: (loanId: string, amount: string, clientKey: string, signal?: AbortSignal) =>
    call<Loan>(`${U}/repayLoan`, { method: 'POST', body: { id: loanId, amount: amount.trim(), clientKey }, signal }),
};

/** The operator's loan calls (every decision audited on the service). */
export const loansAdminApi = {
  /** the queue: status, customer, collateral coin, amount, age, sorted by age or amount with keyset pages */
  list: (q: AdminLoanQuery, signal?: AbortSignal) => call<AdminLoanPage>(A, { query: q, signal }),
  detail: (loanId: string, signal?: AbortSignal) => call<AdminLoanDetail>(`${A}/${id(loanId)}`, { signal }),
  signature: (loanId: string, signal?: AbortSignal) => download(`${A}/${id(loanId)}/signature`, { signal }),
  approve: (loanId: string) =>
    call<AdminLoanDetail & { step: 'first' | 'final' }>(`${A}/${id(loanId)}/approve`, { method: 'POST' }),
  reject: (loanId: string, reason: string) =>
    call<AdminLoanDetail>(`${A}/${id(loanId)}/reject`, { method: 'POST', body: { reason } }),
};
