/**
 * What the jobs board's route says of itself in the API contract (docs/api.md).
 */
import type { RouteDoc } from '../http/routeSchema.ts';

export const DOCS = {
  listJobs: {
    operationId: 'listJobs',
    summary: 'Leader jobs: the instance leading each, when it last ran, how long it took, its last failure (read-only)',
    description:
      'The leader jobs: the instance leading each, when it last ran, how long it took and its last failure (read-only).',
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
