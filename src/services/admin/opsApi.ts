import { call } from '../platform/api.ts';
// types only: the TypeBox builders of the contract stay out of the browser bundle
import type { JobsAnswer, JobStatus } from '../../contract/ops.ts';

export type { JobsAnswer, JobStatus };

export const opsApi = {
  /** operator console: who leads each leader job and how its last run went (read-only) */
  jobs: (signal?: AbortSignal) => call<JobsAnswer>('/admin-api/jobs', { signal }),
};
