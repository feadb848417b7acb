import { call, download } from '../platform/api.ts';
import type { ReviewRequest } from '../../machines/platform/reviewAction.ts';
// types only: the TypeBox builders of the contract stay out of the browser bundle
import type * as C from '../../contract/admin.ts';
import type { Asset } from '../../contract/constants.ts';
import type { Network } from '../../contract/wallet.ts';
import type { AdminKyc } from '../../contract/kyc.ts';
import type { AdminLoanDetail } from '../../contract/loans.ts';
import type { BulkRejectResult, QueueFilter, RejectReason, ReviewQueueName } from '../../contract/reviewQueues.ts';

export type {
  AdminDeposit,
  AdminDepositAddress,
  AdminOperator,
  AdminOperatorProposal,
  AdminWithdrawal,
  AuditRow,
  CreateOperatorBody,
} from '../../contract/admin.ts';
export type { RejectReason, ReviewQueueName };
export type RecordStatus = C.AdminDeposit['status'];
export interface OutboxRow {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  sentAt: string | null;
  error: string | null;
  createdAt: string;
}
type Page<T> = { rows: T[]; total: number };
/** A review queue's page: `next` is the cursor of the page after it (null: the last). */
export type QueuePage<T> = Page<T> & { next: string | null };
type PageQ = { pageNum?: number; pageSize?: number };
/** A review queue's filters on the wire (src/contract/admin.ts, ReviewQueueQuery). */
export type QueueQuery = PageQ & { [K in keyof QueueFilter]: QueueFilter[K] } & {
  status?: RecordStatus;
  coin?: Asset;
  network?: Network;
  userId?: string;
};

/** The body of a decision: the reason of a rejection (with the internal note of an identity verification's), the payout hash of a withdrawal's approval. */
export function reviewBody(r: ReviewRequest): Record<string, string> {
  if (r.decision === 'reject') return { reason: r.reason ?? '', ...(r.kind === 'kyc' && r.note ? { note: r.note } : {}) };
  if (r.kind !== 'withdrawal') return {};
  // the platform's sender pays it: approved without a hash (the service refuses that elsewhere, 10326)
  if (r.paidByPlatform && !r.payoutTxHash) return {};
  return { payoutTxHash: r.payoutTxHash ?? '' };
}

const A = '/admin-api';
// The operator API's PUT/DELETE on deposit addresses go through the same `call` as every read,
// so they keep its envelope and 401 handling.

export const adminApi = {
  deposits: (q: QueueQuery, signal?: AbortSignal) => call<QueuePage<C.AdminDeposit>>(`${A}/deposits`, { query: q, signal }),
  withdrawals: (q: QueueQuery, signal?: AbortSignal) =>
    call<QueuePage<C.AdminWithdrawal>>(`${A}/withdrawals`, { query: q, signal }),
  /** several pending items rejected with one reason (inside the review window); each answered on its own */
  bulkReject: (v: { queue: ReviewQueueName; ids: string[]; reason: string }, signal?: AbortSignal) =>
    call<BulkRejectResult>(`${A}/${v.queue}/reject`, { method: 'POST', body: { ids: v.ids, reason: v.reason }, signal }),
  /** a queue's reject reasons (operators keep them; every change audited) */
  rejectReasons: (queue: ReviewQueueName, signal?: AbortSignal) =>
    call<{ rows: RejectReason[] }>(`${A}/reject-reasons`, { query: { queue }, signal }),
  addRejectReason: (v: { queue: ReviewQueueName; text: string }, signal?: AbortSignal) =>
    call<RejectReason>(`${A}/reject-reasons`, { method: 'POST', body: { queue: v.queue, text: v.text.trim() }, signal }),
  removeRejectReason: (id: string, signal?: AbortSignal) =>
    call<RejectReason>(`${A}/reject-reasons/${encodeURIComponent(id)}/remove`, { method: 'POST', body: {}, signal }),
  /** the proof image with the token header, as a blob the viewer shows through an object URL */
  depositProof: (id: string, signal?: AbortSignal) => download(`${A}/deposits/${encodeURIComponent(id)}/proof`, { signal }),
  /** one decision; refusals (10044 already reviewed, …) are shown in the row's dialog */
  review: (r: ReviewRequest, signal?: AbortSignal) => {
    const queue = { deposit: 'deposits', withdrawal: 'withdrawals', kyc: 'kyc', loan: 'loans' }[r.kind];
    const path = `${A}/${queue}/${encodeURIComponent(r.id)}/${r.decision}`;
    return call<C.AdminDeposit | C.AdminWithdrawal | AdminKyc | AdminLoanDetail>(path, {
      method: 'POST',
      body: reviewBody(r),
      signal,
    });
  },
  addresses: (signal?: AbortSignal) => call<{ rows: C.AdminDepositAddress[] }>(`${A}/deposit-addresses`, { signal }),
  addAddress: (v: { coin: Asset; network: Network; address: string }, signal?: AbortSignal) =>
    call<C.AdminDepositAddress>(`${A}/deposit-addresses`, {
      method: 'POST',
      body: { coin: v.coin, network: v.network, address: v.address.trim() },
      signal,
    }),
  updateAddress: (id: string, v: { address?: string; enabled?: boolean }, signal?: AbortSignal) =>
    call<C.AdminDepositAddress>(`${A}/deposit-addresses/${encodeURIComponent(id)}`, { method: 'PUT', body: v, signal }),
  deleteAddress: (id: string, signal?: AbortSignal) =>
    call<{ id: string; deleted: boolean }>(`${A}/deposit-addresses/${encodeURIComponent(id)}`, { method: 'DELETE', signal }),
  outbox: (q: PageQ & { recipient?: string }, signal?: AbortSignal) => call<Page<OutboxRow>>(`${A}/outbox`, { query: q, signal }),
  audit: (q: PageQ & { targetType?: string }, signal?: AbortSignal) =>
    call<Page<C.AuditRow>>(`${A}/audit-log`, { query: q, signal }),
  operators: (signal?: AbortSignal) => call<{ rows: C.AdminOperator[] }>(`${A}/operators`, { signal }),
  // adding and disabling are proposals another operator confirms (docs/security.md)
  addOperator: (v: C.CreateOperatorBody, signal?: AbortSignal) =>
    call<C.AdminOperatorProposal>(`${A}/operators`, {
      method: 'POST',
      body: { username: v.username.trim(), email: v.email.trim(), password: v.password },
      signal,
    }),
  disableOperator: (id: string, signal?: AbortSignal) =>
    call<C.AdminOperatorProposal>(`${A}/operators/${encodeURIComponent(id)}/disable`, { method: 'POST', signal }),
  operatorProposals: (signal?: AbortSignal) =>
    call<{ rows: C.AdminOperatorProposal[] }>(`${A}/operator-proposals`, { query: { status: 'pending' }, signal }),
  decideOperatorProposal: (v: { id: string; decision: 'confirm' | 'reject' }, signal?: AbortSignal) =>
    call<C.AdminOperatorProposal>(`${A}/operator-proposals/${encodeURIComponent(v.id)}/${v.decision}`, {
      method: 'POST',
      signal,
    }),
};
