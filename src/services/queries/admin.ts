import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Asset } from '../../contract/constants.ts';
import type { Network } from '../../contract/wallet.ts';
import { adminApi, type CreateOperatorBody } from '../adminApi.ts';
import { keepPreviousWithin } from './scope.ts';
import { adminKeys, type PageFilter, type QueueFilter } from './keys.ts';

export type { AdminDeposit, AdminDepositAddress, AdminOperator, AdminOperatorProposal, AdminWithdrawal, AuditRow, OutboxRow, RecordStatus } from '../adminApi.ts';

/**
 * The operator console's reads. Operator answers depend on neither book nor language. A review
 * decided on screen invalidates its queue (the review flow's actor calls `invalidateQueues`),
 * and the whole 'admin' root is dropped from the cache on logout.
 */
export { adminKeys, type QueueFilter } from './keys.ts';

const queueQuery = (f: QueueFilter) => ({ pageNum: f.page, pageSize: f.pageSize, ...(f.status === 'all' ? {} : { status: f.status }) });

export function useAdminDeposits(f: QueueFilter) {
  const queryKey = adminKeys.depositsPage(f);
  return useQuery({ queryKey, queryFn: ({ signal }) => adminApi.deposits(queueQuery(f), signal), placeholderData: keepPreviousWithin(queryKey, 2) });
}

export function useAdminWithdrawals(f: QueueFilter) {
  const queryKey = adminKeys.withdrawalsPage(f);
  return useQuery({ queryKey, queryFn: ({ signal }) => adminApi.withdrawals(queueQuery(f), signal), placeholderData: keepPreviousWithin(queryKey, 2) });
}

/**
 * A deposit's proof image as a Blob, fetched with the token (never a public URL). The viewer
 * makes the object URL and revokes it; the blob is not kept once the viewer is closed.
 */
export function useDepositProof(depositId: string) {
  return useQuery({ queryKey: adminKeys.proof(depositId), queryFn: ({ signal }) => adminApi.depositProof(depositId, signal), gcTime: 0 });
}

export function useOutbox(f: PageFilter) {
  const queryKey = adminKeys.outbox(f);
  return useQuery({ queryKey, queryFn: ({ signal }) => adminApi.outbox({ pageNum: f.page, pageSize: f.pageSize }, signal), placeholderData: keepPreviousWithin(queryKey, 2) });
}

export function useAuditLog(f: PageFilter) {
  const queryKey = adminKeys.audit(f);
  return useQuery({ queryKey, queryFn: ({ signal }) => adminApi.audit({ pageNum: f.page, pageSize: f.pageSize }, signal), placeholderData: keepPreviousWithin(queryKey, 2) });
}

/** Receive addresses customers deposit to. */
export function useAdminAddresses() {
  return useQuery({ queryKey: adminKeys.addresses(), queryFn: ({ signal }) => adminApi.addresses(signal) });
}

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
  useAddressMutation((v: { id: string; address?: string; enabled?: boolean }) => adminApi.updateAddress(v.id, { address: v.address, enabled: v.enabled }), true);
export const useDeleteAddress = () => useAddressMutation((id: string) => adminApi.deleteAddress(id), false);

/** Operator accounts (adding and disabling one is audited by the server). */
export function useOperators() {
  return useQuery({ queryKey: adminKeys.operators(), queryFn: ({ signal }) => adminApi.operators(signal) });
}

/** Operator changes waiting for a second operator (their key sits under the operators' one). */
export function useOperatorProposals() {
  return useQuery({ queryKey: adminKeys.operatorProposals(), queryFn: ({ signal }) => adminApi.operatorProposals(signal) });
}

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
export const useDecideOperatorProposal = () => useOperatorMutation((v: { id: string; decision: 'confirm' | 'reject' }) => adminApi.decideOperatorProposal(v));
