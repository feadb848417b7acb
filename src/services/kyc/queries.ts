import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminKyc } from '../../contract/kyc.ts';
import { kycApi, type KycQuery } from './api.ts';
import { queueQuery, type ReviewQueueFilter } from '../platform/queries/reviewQueue.ts';
import { keepPreviousWithin } from '../platform/queries/scope.ts';
import { adminKeys, kycKeys as eventKeys } from '../platform/queries/keys.ts';

/**
 * Identity verification reads. The user's own under 'kyc' (dropped at logout with the other
 * user keys), the operators' under 'admin'. Images are blobs fetched with the token, never kept
 * after their viewer closes (gcTime 0).
 */
/** The verification queue as the console asks for it: status, customer, age, oldest first, keyset pages. */
export type KycQueueFilter = ReviewQueueFilter<AdminKyc['status']>;
const admin = [...adminKeys.all, 'kyc'] as const;
export const kycKeys = {
  ...eventKeys,
  image: (url: string) => [...eventKeys.all, 'image', url] as const,
  admin: () => admin,
  adminPage: (f: KycQueueFilter) => [...admin, 'page', f] as const,
  adminDetail: (id: string) => [...admin, 'detail', id] as const,
};

export const kycQueries = {
  mine: () => queryOptions({ queryKey: kycKeys.mine(), queryFn: ({ signal }) => kycApi.mine(signal) }),
  image: (url: string) =>
    queryOptions({ queryKey: kycKeys.image(url), queryFn: ({ signal }) => kycApi.image(url, signal), gcTime: 0 }),
  adminPage: (f: KycQueueFilter) => {
    const queryKey = kycKeys.adminPage(f);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => {
        // what the verification queue takes (no amount, no coin), always by age: its pages go by cursor
        const { status, userId, olderThanMinutes, newerThanMinutes, after, page, pageSize } = f;
        const wire = queueQuery({ status, userId, olderThanMinutes, newerThanMinutes, after, page, pageSize, sort: 'age' });
        return kycApi.queue(wire as KycQuery, signal);
      },
      placeholderData: keepPreviousWithin(queryKey, 2),
    });
  },
  adminDetail: (id: string) =>
    queryOptions({ queryKey: kycKeys.adminDetail(id), queryFn: ({ signal }) => kycApi.detail(id, signal) }),
};

export const useMyKyc = (enabled = true) => useQuery({ ...kycQueries.mine(), enabled });
export const useKycImage = (url: string | null) => useQuery({ ...kycQueries.image(url ?? ''), enabled: url !== null });
export const useAdminKycQueue = (f: KycQueueFilter) => useQuery(kycQueries.adminPage(f));
export const useAdminKycDetail = (id: string | null) => useQuery({ ...kycQueries.adminDetail(id ?? ''), enabled: id !== null });

/**
 * An operator decided a verification: the record as the service returned it replaces its row in
 * every cached page of the queue and its open detail, so it keeps its new status on screen until
 * the queue is asked for again.
 */
export function kycReviewed(client: QueryClient, record: AdminKyc): void {
  client.setQueriesData<{ rows: AdminKyc[]; total: number }>({ queryKey: kycKeys.admin() }, (p) =>
    p && 'rows' in p ? { ...p, rows: p.rows.map((x) => (x.id === record.id ? record : x)) } : p,
  );
  client.setQueryData(kycQueries.adminDetail(record.id).queryKey, record);
}
