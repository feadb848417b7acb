import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Asset } from '../../contract/constants.ts';
import type { Network } from '../../contract/wallet.ts';
import { adminApi, type CreateOperatorBody, type ReviewQueueName } from './api.ts';
import { keepPreviousWithin } from '../platform/queries/scope.ts';
import { queueQuery, type ReviewQueueFilter } from '../platform/queries/reviewQueue.ts';
import type { RecordStatus } from './api.ts';
import { adminKeys as eventKeys } from '../platform/queries/keys.ts';

/** The api's types, for the views that read through these queries. */
export type * from './api.ts';

/**
 * The operator console's reads. Operator answers depend on neither book nor language. A review
 * decided on screen puts the returned record into its queue's cached pages (the review flow),
 * and the whole 'admin' root is dropped from the cache on logout.
 */
/** A money queue as the console asks for it: status ('all': any), the filters with coin and network, and the page. */
export type QueueFilter = ReviewQueueFilter<RecordStatus, { coin?: Asset; network?: Network }>;
export type PageFilter = { page: number; pageSize: number };
const admin = eventKeys.all;
export const adminKeys = {
  ...eventKeys,
  depositsPage: (f: QueueFilter) => [...eventKeys.deposits(), f] as const,
  withdrawalsPage: (f: QueueFilter) => [...eventKeys.withdrawals(), f] as const,
  proof: (depositId: string) => [...admin, 'proof', depositId] as const,
  addresses: () => [...admin, 'addresses'] as const,
  outbox: (f: PageFilter) => [...admin, 'outbox', f] as const,
  audit: (f: PageFilter) => [...admin, 'audit', f] as const,
  operators: () => [...admin, 'operators'] as const,
  operatorProposals: () => [...admin, 'operators', 'proposals'] as const,
  rejectReasons: (queue: ReviewQueueName) => [...admin, 'rejectReasons', queue] as const,
};

const paged = <T>(queryKey: readonly unknown[], load: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => load(signal), placeholderData: keepPreviousWithin(queryKey, 2) });

export const adminQueries = {
  depositsPage: (f: QueueFilter) => paged(adminKeys.depositsPage(f), (signal) => adminApi.deposits(queueQuery(f), signal)),
  withdrawalsPage: (f: QueueFilter) =>
    paged(adminKeys.withdrawalsPage(f), (signal) => adminApi.withdrawals(queueQuery(f), signal)),
  /**
   * A deposit's proof image as a Blob, fetched with the token (never a public URL). The viewer
   * makes the object URL and revokes it; the blob is not kept once the viewer is closed.
   */
  proof: (depositId: string) =>
    queryOptions({
      queryKey: adminKeys.proof(depositId),
      queryFn: ({ signal }) => adminApi.depositProof(depositId, signal),
      gcTime: 0,
    }),
  outbox: (f: PageFilter) =>
    paged(adminKeys.outbox(f), (signal) => adminApi.outbox({ pageNum: f.page, pageSize: f.pageSize }, signal)),
  audit: (f: PageFilter) =>
    paged(adminKeys.audit(f), (signal) => adminApi.audit({ pageNum: f.page, pageSize: f.pageSize }, signal)),
  /** a queue's reject reasons, for the reject dialogs' picker and the console's editor */
  rejectReasons: (queue: ReviewQueueName) =>
    queryOptions({ queryKey: adminKeys.rejectReasons(queue), queryFn: ({ signal }) => adminApi.rejectReasons(queue, signal) }),
  /** receive addresses customers deposit to */
  addresses: () => queryOptions({ queryKey: adminKeys.addresses(), queryFn: ({ signal }) => adminApi.addresses(signal) }),
  /** operator accounts (adding and disabling one is audited by the server) */
  operators: () => queryOptions({ queryKey: adminKeys.operators(), queryFn: ({ signal }) => adminApi.operators(signal) }),
  /** operator changes waiting for a second operator (their key sits under the operators' one) */
  operatorProposals: () =>
    queryOptions({ queryKey: adminKeys.operatorProposals(), queryFn: ({ signal }) => adminApi.operatorProposals(signal) }),
};

export const useAdminDeposits = (f: QueueFilter) => useQuery(adminQueries.depositsPage(f));
export const useAdminWithdrawals = (f: QueueFilter) => useQuery(adminQueries.withdrawalsPage(f));
export const useDepositProof = (depositId: string) => useQuery(adminQueries.proof(depositId));
export const useOutbox = (f: PageFilter) => useQuery(adminQueries.outbox(f));
export const useAuditLog = (f: PageFilter) => useQuery(adminQueries.audit(f));
export const useAdminAddresses = () => useQuery(adminQueries.addresses());

/** Adding, changing or deleting an address asks for the list again when it succeeded. */
function useAddressMutation<V, R>(run: (v: V) => Promise<R>, showsError: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.addresses() }),
    // refusals of add and edit are shown beside their form; a failed delete has no form to show it
    meta: { showsError },
  });
}
export const useAddAddress = () =>
  useAddressMutation((v: { coin: Asset; network: Network; address: string }) => adminApi.addAddress(v), true);
export const useUpdateAddress = () =>
  useAddressMutation(
    (v: { id: string; address?: string; enabled?: boolean }) =>
      adminApi.updateAddress(v.id, { address: v.address, enabled: v.enabled }),
    true,
  );
export const useDeleteAddress = () => useAddressMutation((id: string) => adminApi.deleteAddress(id), false);

export const useRejectReasons = (queue: ReviewQueueName) => useQuery(adminQueries.rejectReasons(queue));
/** Adding or removing a reason asks for the queue's list again; refusals show beside the editor's form. */
function useReasonMutation<V, R>(queue: ReviewQueueName, run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.rejectReasons(queue) }),
    meta: { showsError: true },
  });
}
export const useAddRejectReason = (queue: ReviewQueueName) =>
  useReasonMutation(queue, (text: string) => adminApi.addRejectReason({ queue, text }));
export const useRemoveRejectReason = (queue: ReviewQueueName) =>
  useReasonMutation(queue, (id: string) => adminApi.removeRejectReason(id));
/** A queue's reasons with their two changes, as the console's reason editor takes them. */
export function useReasonList(queue: ReviewQueueName) {
  return {
    reasons: useRejectReasons(queue),
    add: useAddRejectReason(queue),
    remove: useRemoveRejectReason(queue),
  };
}

export const useOperators = () => useQuery(adminQueries.operators());
export const useOperatorProposals = () => useQuery(adminQueries.operatorProposals());

function useOperatorMutation<V, R>(run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.operators() }),
    meta: { showsError: true },
  });
}
export const useAddOperator = () => useOperatorMutation((v: CreateOperatorBody) => adminApi.addOperator(v));
export const useDisableOperator = () => useOperatorMutation((id: string) => adminApi.disableOperator(id));
export const useDecideOperatorProposal = () =>
  useOperatorMutation((v: { id: string; decision: 'confirm' | 'reject' }) => adminApi.decideOperatorProposal(v));
