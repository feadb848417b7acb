import { useQuery } from '@tanstack/react-query';
import { kycApi } from '../kycApi.ts';
import { keepPreviousWithin } from './scope.ts';
import { kycKeys, type KycQueueFilter } from './keys.ts';

/**
 * Identity verification reads. The user's own under 'kyc' (dropped at logout with the other
 * user keys), the operators' under 'admin'. Images are blobs fetched with the token, never kept
 * after their viewer closes (gcTime 0).
 */
export { kycKeys, type KycQueueFilter } from './keys.ts';

export function useMyKyc(enabled = true) {
  return useQuery({ queryKey: kycKeys.mine(), queryFn: ({ signal }) => kycApi.mine(signal), enabled });
}

export function useKycImage(url: string | null) {
  return useQuery({ queryKey: kycKeys.image(url ?? ''), queryFn: ({ signal }) => kycApi.image(url!, signal), enabled: url !== null, gcTime: 0 });
}

export function useAdminKycQueue(f: KycQueueFilter) {
  const queryKey = kycKeys.adminPage(f);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => kycApi.queue({ pageNum: f.page, pageSize: f.pageSize, ...(f.status === 'all' ? {} : { status: f.status }) }, signal),
    placeholderData: keepPreviousWithin(queryKey, 2),
  });
}

export function useAdminKycDetail(id: string | null) {
  return useQuery({ queryKey: kycKeys.adminDetail(id ?? ''), queryFn: ({ signal }) => kycApi.detail(id!, signal), enabled: id !== null });
}
