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
  listQueueAges: {
    operationId: 'listQueueAges',
    summary: 'Review queues: how many wait in each and how long the oldest has waited',
    description:
      'For each review queue (deposits, withdrawals, KYC, loans): how many items wait and the age of the oldest, read from the shared database (the same figures `/metrics` exports as review_queue_oldest_age_seconds).',
    refusals: [],
  },
} as const satisfies Record<string, RouteDoc>;
