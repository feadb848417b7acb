import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ReviewQueueName } from '../../contract/reviewQueues.ts';
import { bulkOutcome, reviewQueueMachine } from '../../machines/platform/reviewQueue.ts';
import { adminApi } from './api.ts';
import { adminKeys } from './queries.ts';
import { opsKeys } from './opsQueries.ts';

/** The queues with a bulk rejection route (POST /admin-api/<queue>/reject): all four. */
export const BULK_QUEUES = ['deposits', 'withdrawals', 'kyc', 'loans'] as const satisfies readonly ReviewQueueName[];

/**
 * Working a review queue (src/machines/platform/reviewQueue.ts) with its effects: a bulk rejection
 * goes to the queue's bulk route; after it the queue (its pages and open items, all under
 * ['admin', queue]), its oldest-item age and the review window (a review moves its idle limit)
 * are asked for again.
 */
export const reviewQueueFlow = (queue: ReviewQueueName) => (client: QueryClient) =>
  reviewQueueMachine.provide({
    actors: {
      bulkReject: fromPromise(async ({ input, signal }) => {
        const answer = await adminApi.bulkReject({ queue, ids: input.ids, reason: input.reason }, signal);
        void client.invalidateQueries({ queryKey: [...adminKeys.all, queue] });
        void client.invalidateQueries({ queryKey: opsKeys.reviewWindow() });
        void client.invalidateQueries({ queryKey: opsKeys.queueAges() });
        return bulkOutcome(answer.rows);
      }),
    },
  });
