import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsApi } from './opsApi.ts';
import { adminKeys } from '../platform/queries/keys.ts';

export type { JobStatus, QueueAge, ReviewWindowState } from './opsApi.ts';

/** Under the 'admin' root, so logging out drops it with the other operator answers. */
export const opsKeys = {
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  queueAges: () => [...adminKeys.all, 'queueAges'] as const,
  reviewWindow: () => [...adminKeys.all, 'reviewWindow'] as const,
};

export const opsQueries = {
  /** the leader jobs table; asked again with the section's Refresh button, never polled */
  jobs: () => queryOptions({ queryKey: opsKeys.jobs(), queryFn: ({ signal }) => opsApi.jobs(signal) }),
  queueAges: () => queryOptions({ queryKey: opsKeys.queueAges(), queryFn: ({ signal }) => opsApi.queueAges(signal) }),
  reviewWindow: () => queryOptions({ queryKey: opsKeys.reviewWindow(), queryFn: ({ signal }) => opsApi.reviewWindow(signal) }),
};

export const useJobs = () => useQuery(opsQueries.jobs());
export const useQueueAges = () => useQuery(opsQueries.queueAges());
export const useReviewWindow = () => useQuery(opsQueries.reviewWindow());
export function useCloseReviewWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => opsApi.closeReviewWindow(),
    onSuccess: (state) => client.setQueryData(opsKeys.reviewWindow(), state),
  });
}
