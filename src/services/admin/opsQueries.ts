import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsApi } from './opsApi.ts';
import { adminKeys } from '../platform/queries/keys.ts';

export type { JobStatus } from './opsApi.ts';

/** Under the 'admin' root, so logging out drops it with the other operator answers. */
export const opsKeys = { jobs: () => [...adminKeys.all, 'jobs'] as const };

export const opsQueries = {
  /** the leader jobs table; asked again with the section's Refresh button, never polled */
  jobs: () => queryOptions({ queryKey: opsKeys.jobs(), queryFn: ({ signal }) => opsApi.jobs(signal) }),
};

export const useJobs = () => useQuery(opsQueries.jobs());
