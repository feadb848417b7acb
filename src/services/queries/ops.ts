import { useQuery } from '@tanstack/react-query';
import { opsApi } from '../opsApi.ts';

export type { JobStatus } from '../opsApi.ts';

/** Under the 'admin' root, so logging out drops it with the other operator answers. */
export const opsKeys = { jobs: () => ['admin', 'jobs'] as const };

/** Operator console: the leader jobs table; asked again with the section's Refresh button, never polled. */
export function useJobs() {
  return useQuery({ queryKey: opsKeys.jobs(), queryFn: ({ signal }) => opsApi.jobs(signal) });
}
